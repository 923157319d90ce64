import { and, desc, eq, lt, not, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Report, ReportStatus } from '../../../shared/api.js';
import type { reportListQuerySchema, reportSchema } from '../../../shared/schemas/moderation.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { posts, reports, threads, users } from '../../db/schema.js';
import { ConflictError, isUniqueViolation, NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { recordModeration } from '../moderation/index.js';

type NewReport = z.output<typeof reportSchema>;
type ListQuery = z.output<typeof reportListQuerySchema>;
type Target = { kind: 'thread'; id: number } | { kind: 'post'; id: number };

export const REPORT_NOT_FOUND = 'Report not found';
export const ALREADY_REPORTED = 'You have already reported this';
export const REPORT_CLOSED = 'This report is already closed';
export const REPORTS_PAGE_SIZE = 50;
const EXCERPT_LENGTH = 280;

const excerpt = (text: string) => (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text);

const reporter = alias(users, 'reporter');
const resolver = alias(users, 'resolver');
/** A reported post's thread; a reported thread is joined as `threads` itself. */
const postThread = alias(threads, 'post_thread');

/** Reports with their reporter, resolver and target; callers add where, order and limit. */
function selectReports(db: DbOrTx) {
  return db
    .select({
      id: reports.id,
      reason: reports.reason,
      reportedTitle: reports.reportedTitle,
      reportedContent: reports.reportedContent,
      status: reports.status,
      createdAt: reports.createdAt,
      resolvedAt: reports.resolvedAt,
      reporter: { id: reporter.id, username: reporter.username },
      resolverId: resolver.id,
      resolverUsername: resolver.username,
      thread: { id: threads.id, title: threads.title, content: threads.content, isDeleted: threads.isDeleted, editedAt: threads.editedAt },
      post: { id: posts.id, content: posts.content, isDeleted: posts.isDeleted, editedAt: posts.editedAt },
      postThread: { id: postThread.id, title: postThread.title, isDeleted: postThread.isDeleted },
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(resolver, eq(resolver.id, reports.resolvedById))
    .leftJoin(threads, eq(threads.id, reports.threadId))
    .leftJoin(posts, eq(posts.id, reports.postId))
    .leftJoin(postThread, eq(postThread.id, posts.threadId));
}

type ReportRow = Awaited<ReturnType<typeof selectReports>>[number];

/**
 * A report as admins see it: the reported content is shown even once deleted, since
 * judging the report needs it (the admin-only panel is the one place it appears).
 */
function serializeReport(row: ReportRow): Report {
  const target: Report['target'] =
    row.post && row.postThread
      ? {
          type: 'post',
          postId: row.post.id,
          threadId: row.postThread.id,
          threadTitle: row.postThread.title,
          excerpt: excerpt(row.post.content),
          isDeleted: row.post.isDeleted || row.postThread.isDeleted,
        }
      : {
          type: 'thread',
          threadId: row.thread!.id,
          title: row.thread!.title,
          excerpt: excerpt(row.thread!.content),
          isDeleted: row.thread!.isDeleted,
        };
  const editedAt = row.post ? row.post.editedAt : row.thread!.editedAt;
  return {
    id: row.id,
    reason: row.reason,
    status: row.status as ReportStatus,
    createdAt: row.createdAt.toISOString(),
    reporter: row.reporter,
    target,
    reported: row.reportedContent === null ? null : { title: row.reportedTitle, content: row.reportedContent },
    editedSinceReport: editedAt !== null && editedAt > row.createdAt,
    resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
    resolvedBy: row.resolverId !== null && row.resolverUsername !== null ? { id: row.resolverId, username: row.resolverUsername } : null,
  };
}

/** User reports of threads and posts, and the admins' queue of them (CONTRACT.md section 6). */
export function createReportService(db: Db) {
  async function findReport(id: number): Promise<Report> {
    const [row] = await selectReports(db).where(eq(reports.id, id));
    if (!row) throw new NotFoundError(REPORT_NOT_FOUND);
    return serializeReport(row);
  }

  /**
   * The reported text, when the content can still be reported (it exists and neither it
   * nor its thread is deleted): the report keeps it as it is now (CONTRACT.md section 14).
   */
  async function liveText(target: Target): Promise<{ reportedTitle: string | null; reportedContent: string } | undefined> {
    if (target.kind === 'thread') {
      const [thread] = await db
        .select({ reportedTitle: threads.title, reportedContent: threads.content })
        .from(threads)
        .where(and(eq(threads.id, target.id), not(threads.isDeleted)));
      return thread;
    }
    const [post] = await db
      .select({ reportedTitle: sql<null>`NULL`, reportedContent: posts.content })
      .from(posts)
      .innerJoin(threads, eq(threads.id, posts.threadId))
      .where(and(eq(posts.id, target.id), not(posts.isDeleted), not(threads.isDeleted)));
    return post;
  }

  return {
    /** Files a report; one open report per user and item (a partial unique index decides races). */
    async create(reporterId: number, input: NewReport): Promise<Report> {
      // The schema lets exactly one of the two through.
      const target: Target = input.threadId !== undefined ? { kind: 'thread', id: input.threadId } : { kind: 'post', id: input.postId ?? 0 };
      const text = await liveText(target);
      if (!text) throw new NotFoundError(target.kind === 'thread' ? THREAD_NOT_FOUND : POST_NOT_FOUND);
      try {
        const [row] = await db
          .insert(reports)
          .values({ reporterId, reason: input.reason, ...text, ...(target.kind === 'thread' ? { threadId: target.id } : { postId: target.id }) })
          .returning({ id: reports.id });
        return findReport(row!.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(ALREADY_REPORTED);
        throw error;
      }
    },

    /** One queue (open by default), newest first, a page at a time before `before`. */
    async list(query: ListQuery): Promise<Report[]> {
      const rows = await selectReports(db)
        .where(and(eq(reports.status, query.status), query.before ? lt(reports.id, query.before) : undefined))
        .orderBy(desc(reports.createdAt), desc(reports.id))
        .limit(REPORTS_PAGE_SIZE);
      return rows.map(serializeReport);
    },

    /** Closes an open report as resolved or dismissed; a closed one stays as it was decided (409). */
    async close(adminId: number, id: number, status: 'resolved' | 'dismissed'): Promise<Report> {
      await db.transaction(async (tx) => {
        const [closed] = await tx
          .update(reports)
          // The text kept as reported has served its purpose: erased with the decision.
          .set({ status, resolvedById: adminId, resolvedAt: new Date(), reportedTitle: null, reportedContent: null })
          .where(and(eq(reports.id, id), eq(reports.status, 'open')))
          .returning({ threadId: reports.threadId, postId: reports.postId, reason: reports.reason });
        if (!closed) {
          const [existing] = await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id));
          throw existing ? new ConflictError(REPORT_CLOSED) : new NotFoundError(REPORT_NOT_FOUND);
        }
        await recordModeration(tx, {
          adminId,
          action: status === 'resolved' ? 'report_resolved' : 'report_dismissed',
          targetType: 'report',
          targetId: id,
          details: { threadId: closed.threadId, postId: closed.postId, reason: closed.reason },
        });
      });
      return findReport(id);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
