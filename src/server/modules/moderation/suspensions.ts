import { and, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AuthorSuspension, AuthorSuspensionRef, SuspensionCreated } from '../../../shared/api.js';
import type { Db } from '../../db/client.js';
import { authorSuspensions, banAppeals, posts, threads, users } from '../../db/schema.js';
import { type AuthorKey, authorTag } from '../../lib/author-key.js';
import { listAuthoredThreads } from '../../lib/authored-threads.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { POST_NOT_FOUND, THREAD_NOT_FOUND } from '../../lib/messages.js';
import { recordModeration } from './log.js';
import type { SuspendedTags, SuspensionList } from './suspension-list.js';

export const SUSPENSION_NOT_FOUND = 'Suspension not found';
/** Signed content has an account to suspend (PATCH /api/moderation/users/{id}). */
export const NAMED_CONTENT = 'This content is signed: suspend the account instead';
/** Anonymous content whose tag is gone (written before sealed authorship by an account since deleted). */
export const NO_AUTHOR_TAG = 'The author of this content can no longer be recognised';

/**
 * Past this many suspended threads, the check reads the author's sealed list of threads
 * (one query) rather than computing their tag in every suspended thread (one HMAC each,
 * about a microsecond): either way the same answer.
 */
const DIRECT_THREADS_MAX = 512;

/** A suspension in force that covers a signed-in author, as the ban check and the ban page need it. */
export interface SuspensionFound {
  id: number;
  reason: string;
  expiresAt: Date | null;
  suspendedAt: Date;
  appealed: boolean;
}

/**
 * Whether the suspension has its appeal. The outer row is named in full: drizzle writes a
 * column of a one-table select unqualified, and inside the subquery a bare "id" would be
 * the appeal's own.
 */
const appealedSql = sql<boolean>`exists (select 1 from ${banAppeals} where ${banAppeals.suspensionId} = ${authorSuspensions}.${sql.identifier('id')})`;

const inForce = (): SQL => or(isNull(authorSuspensions.expiresAt), gt(authorSuspensions.expiresAt, sql`now()`))!;

const serializeRef = (row: { id: number; threadId: number; postId: number | null; reason: string; expiresAt: Date | null; suspendedAt: Date }): AuthorSuspensionRef => ({
  id: row.id,
  threadId: row.threadId,
  postId: row.postId,
  reason: row.reason,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  suspendedAt: row.suspendedAt.toISOString(),
});

/** What an anonymous thread or post is, for suspending its author. */
interface Content {
  threadId: number;
  postId: number | null;
  authorTag: string | null;
  named: boolean;
  title: string;
}

/**
 * Suspending the author of anonymous content without learning who it is (CONTRACT.md
 * section 13, docs/decisions/016-suspending-anonymous-authors.md). A suspension holds
 * the content's author tag (one author in one thread) and nothing of an account; the
 * check runs on the signed-in author's own key: their tag in each suspended thread,
 * compared in memory (suspension-list.ts). Nothing is written when it matches.
 */
export function createSuspensionService(db: Db, list: Pick<SuspensionList, 'inForce' | 'changed'>, options: { directThreadsMax?: number } = {}) {
  const directMax = options.directThreadsMax ?? DIRECT_THREADS_MAX;

  // Prepared once: run only when the author's key matched a tag in memory.
  const findByTags = db
    .select({
      id: authorSuspensions.id,
      reason: authorSuspensions.reason,
      expiresAt: authorSuspensions.expiresAt,
      suspendedAt: authorSuspensions.suspendedAt,
      appealed: appealedSql,
    })
    .from(authorSuspensions)
    .where(and(sql`${authorSuspensions.authorTag} = any(${sql.placeholder('tags')}::varchar[])`, inForce()))
    // The one lasting longest is the one shown (and appealed), as for bans.
    .orderBy(sql`${authorSuspensions.expiresAt} desc nulls first`, desc(authorSuspensions.id))
    .limit(1)
    .prepare('suspension_by_author_tags');

  /** The author's tags that a suspension in force names: computed from the key, compared in memory. */
  async function suspendedTagsOf(key: AuthorKey, suspended: SuspendedTags): Promise<string[]> {
    const threadIds =
      suspended.size <= directMax ? [...suspended.keys()] : (await listAuthoredThreads(db, key)).threadIds.filter((threadId) => suspended.has(threadId));
    const now = Date.now();
    const hits: string[] = [];
    for (const threadId of threadIds) {
      const tag = authorTag(key, threadId);
      if ((suspended.get(threadId)?.get(tag) ?? -Infinity) > now) hits.push(tag);
    }
    return hits;
  }

  async function contentOf(target: { threadId?: number | undefined; postId?: number | undefined }): Promise<Content> {
    if (target.postId !== undefined) {
      const [post] = await db
        .select({ threadId: posts.threadId, authorTag: posts.authorTag, userId: posts.userId, isAnonymous: posts.isAnonymous, isDeleted: posts.isDeleted, title: threads.title })
        .from(posts)
        .innerJoin(threads, eq(threads.id, posts.threadId))
        .where(eq(posts.id, target.postId));
      if (!post || post.isDeleted) throw new NotFoundError(POST_NOT_FOUND);
      return { threadId: post.threadId, postId: target.postId, authorTag: post.authorTag, named: !post.isAnonymous || post.userId !== null, title: post.title };
    }
    const [thread] = await db
      .select({ authorTag: threads.authorTag, userId: threads.userId, isAnonymous: threads.isAnonymous, isDeleted: threads.isDeleted, title: threads.title })
      .from(threads)
      .where(eq(threads.id, target.threadId!));
    if (!thread || thread.isDeleted) throw new NotFoundError(THREAD_NOT_FOUND);
    return { threadId: target.threadId!, postId: null, authorTag: thread.authorTag, named: !thread.isAnonymous || thread.userId !== null, title: thread.title };
  }

  return {
    /**
     * The suspension in force covering the holder of this key, the one lasting longest;
     * undefined when none does. While no suspension is in force (known from memory), no
     * HMAC and no query: the check costs a map's size.
     */
    async covering(key: AuthorKey): Promise<SuspensionFound | undefined> {
      const known = list.inForce();
      const suspended = known instanceof Promise ? await known : known;
      if (!suspended) return undefined;
      const tags = await suspendedTagsOf(key, suspended);
      if (tags.length === 0) return undefined;
      const [found] = await findByTags.execute({ tags });
      return found;
    },

    /** A suspension in force by its id (the appeal cookie names one), or undefined. */
    async inForceById(id: number): Promise<SuspensionFound | undefined> {
      const [found] = await db
        .select({
          id: authorSuspensions.id,
          reason: authorSuspensions.reason,
          expiresAt: authorSuspensions.expiresAt,
          suspendedAt: authorSuspensions.suspendedAt,
          appealed: appealedSql,
        })
        .from(authorSuspensions)
        .where(and(eq(authorSuspensions.id, id), inForce()));
      return found;
    },

    /**
     * Suspends the author of a live anonymous thread or post: signed content is a 400
     * (its account can be suspended), as is anonymous content without a tag. One row per
     * tag: suspending the same author in the same thread again re-decides it (reason,
     * expiry, who, when), and lets its decided appeal go so the new decision can be appealed.
     */
    async suspend(
      adminId: number,
      input: { threadId?: number | undefined; postId?: number | undefined; reason: string; expiresAt?: string | undefined },
    ): Promise<SuspensionCreated> {
      const content = await contentOf(input);
      if (content.named) throw new BadRequestError(NAMED_CONTENT);
      if (content.authorTag === null) throw new BadRequestError(NO_AUTHOR_TAG);
      const values = {
        authorTag: content.authorTag,
        threadId: content.threadId,
        postId: content.postId,
        reason: input.reason,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        suspendedById: adminId,
      };
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(authorSuspensions)
          .values(values)
          .onConflictDoUpdate({ target: authorSuspensions.authorTag, set: { ...values, suspendedAt: sql`now()` } })
          .returning({ id: authorSuspensions.id });
        await tx.update(banAppeals).set({ suspensionId: null }).where(and(eq(banAppeals.suspensionId, row!.id), ne(banAppeals.status, 'pending')));
        // The log names the content, never the tag: "the author of a post in <thread>".
        await recordModeration(tx, {
          adminId,
          action: 'suspend_author',
          targetType: 'author',
          targetId: row!.id,
          details: { threadId: content.threadId, postId: content.postId, title: content.title, reason: values.reason, expiresAt: values.expiresAt?.toISOString() ?? null },
        });
        return row!.id;
      });
      list.changed();
      return { id };
    },

    /** Lifts a suspension in force; an unknown, lifted or expired one is a 404. */
    async lift(adminId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(authorSuspensions)
          .where(eq(authorSuspensions.id, id))
          .returning({ threadId: authorSuspensions.threadId, postId: authorSuspensions.postId, expiresAt: authorSuspensions.expiresAt, reason: authorSuspensions.reason });
        if (!row || (row.expiresAt !== null && row.expiresAt <= new Date())) throw new NotFoundError(SUSPENSION_NOT_FOUND);
        const [thread] = await tx.select({ title: threads.title }).from(threads).where(eq(threads.id, row.threadId));
        await recordModeration(tx, {
          adminId,
          action: 'lift_suspension',
          targetType: 'author',
          targetId: id,
          details: { threadId: row.threadId, postId: row.postId, title: thread?.title ?? null, reason: row.reason },
        });
      });
      list.changed();
    },

    /** The suspensions in force, newest first, with the content they were made from. */
    async list(): Promise<AuthorSuspension[]> {
      const rows = await db
        .select({
          id: authorSuspensions.id,
          threadId: authorSuspensions.threadId,
          postId: authorSuspensions.postId,
          reason: authorSuspensions.reason,
          expiresAt: authorSuspensions.expiresAt,
          suspendedAt: authorSuspensions.suspendedAt,
          threadTitle: threads.title,
          threadDeleted: threads.isDeleted,
          suspendedById: authorSuspensions.suspendedById,
          suspendedByUsername: users.username,
        })
        .from(authorSuspensions)
        .leftJoin(threads, eq(threads.id, authorSuspensions.threadId))
        .leftJoin(users, eq(users.id, authorSuspensions.suspendedById))
        .where(inForce())
        .orderBy(desc(authorSuspensions.suspendedAt), desc(authorSuspensions.id));
      return rows.map((row) => ({
        ...serializeRef(row),
        threadTitle: row.threadDeleted === false ? row.threadTitle : null,
        suspendedBy: row.suspendedById !== null && row.suspendedByUsername !== null ? { id: row.suspendedById, username: row.suspendedByUsername } : null,
      }));
    },
  };
}

export type SuspensionService = ReturnType<typeof createSuspensionService>;

export { serializeRef as serializeSuspensionRef };
