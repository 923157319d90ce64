import { and, desc, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { PublicModerationAction, PublicModerationLogEntry } from '../../../shared/api.js';
import type { DbOrTx } from '../../db/client.js';
import { boards, moderationLog, posts, threads } from '../../db/schema.js';
import { LOG_PAGE_SIZE } from './log.js';

/** Handling reports is internal: who reported what stays between reporters and admins. */
const INTERNAL_ACTIONS = ['report_resolved', 'report_dismissed'];

const RANGE_WORDS: Record<string, string> = { ip: 'an IP address', subnet: 'a subnet of addresses', wide: 'a wide range of addresses' };

interface ThreadFacts {
  title: string;
  isDeleted: boolean;
  boardCode: string;
}

/**
 * A thread in words. A live thread is named by its title, which every visitor can read
 * (a premium thread's title included; its premium content is never named). A deleted
 * thread is named only by its board: it may have been removed for its title (someone's
 * personal details, say), and a public log must not publish again what was taken down.
 */
const threadWords = (thread: ThreadFacts | undefined) =>
  !thread ? 'a thread that no longer exists' : thread.isDeleted ? `a removed thread in /${thread.boardCode}/` : thread.title;

/**
 * The public moderation log (CONTRACT.md section 11): action, target in words, reason,
 * time. Built from an allow-list of what each entry may say: never the moderator (the
 * admin column is not even read), never an ipHash or the response to an appeal.
 */
export async function listPublicModerationLog(db: DbOrTx, { beforeId }: { beforeId?: number | undefined } = {}): Promise<PublicModerationLogEntry[]> {
  const rows = await db
    .select({ id: moderationLog.id, action: moderationLog.action, targetType: moderationLog.targetType, targetId: moderationLog.targetId, details: moderationLog.details, createdAt: moderationLog.createdAt })
    .from(moderationLog)
    .where(and(notInArray(moderationLog.action, INTERNAL_ACTIONS), beforeId ? lt(moderationLog.id, beforeId) : undefined))
    .orderBy(desc(moderationLog.id))
    .limit(LOG_PAGE_SIZE);

  const idsOf = (type: string) => rows.filter((row) => row.targetType === type).map((row) => Number(row.targetId)).filter(Number.isSafeInteger);
  const postIds = idsOf('post');
  const postThreads = postIds.length ? await db.select({ id: posts.id, threadId: posts.threadId }).from(posts).where(inArray(posts.id, postIds)) : [];
  const threadOfPost = new Map(postThreads.map((post) => [post.id, post.threadId]));
  // An author suspension names the thread of its content (details.threadId), never its author or tag.
  const threadOfSuspension = (details: Record<string, unknown>) => (typeof details.threadId === 'number' && Number.isSafeInteger(details.threadId) ? details.threadId : undefined);
  const suspensionThreads = rows.filter((row) => row.targetType === 'author').flatMap((row) => threadOfSuspension(row.details as Record<string, unknown>) ?? []);
  const threadIds = [...new Set([...idsOf('thread'), ...threadOfPost.values(), ...suspensionThreads])];
  const threadRows = threadIds.length
    ? await db
        .select({ id: threads.id, title: threads.title, isDeleted: threads.isDeleted, boardCode: boards.code })
        .from(threads)
        .innerJoin(boards, eq(boards.id, threads.boardId))
        .where(inArray(threads.id, threadIds))
    : [];
  const threadById = new Map(threadRows.map((thread) => [thread.id, thread]));

  return rows.map((row) => {
    const details = row.details as Record<string, unknown>;
    let target: string;
    let reason: string | null = null;
    switch (row.targetType) {
      case 'thread':
        target = threadWords(threadById.get(Number(row.targetId)));
        break;
      case 'post': {
        const threadId = threadOfPost.get(Number(row.targetId));
        target = `a post in ${threadWords(threadId === undefined ? undefined : threadById.get(threadId))}`;
        break;
      }
      case 'ip':
        target = row.action === 'unban' ? 'a ban' : (RANGE_WORDS[String(details.scope ?? 'ip')] ?? RANGE_WORDS.ip!);
        reason = typeof details.reason === 'string' ? details.reason : null;
        break;
      case 'user':
        target = 'an account';
        break;
      case 'author': {
        // CONTRACT.md section 13: "the author of a post in <thread>", whether it was made
        // from the thread or a reply; the reason when suspended. Never a tag, never who.
        const threadId = threadOfSuspension(details);
        target = `the author of a post in ${threadWords(threadId === undefined ? undefined : threadById.get(threadId))}`;
        if (row.action === 'suspend_author') reason = typeof details.reason === 'string' ? details.reason : null;
        break;
      }
      default:
        target = 'an appeal against a ban';
    }
    return { id: row.id, action: row.action as PublicModerationAction, target, reason, createdAt: row.createdAt.toISOString() };
  });
}
