import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { premiumAccesses } from '../../db/schema.js';
import type { Viewer } from '../../lib/viewer.js';

/** What the access rule reads of a thread: its author is its account, or its tag when anonymous. */
export interface PremiumThread {
  id: number;
  userId: number | null;
  isPremium: boolean;
  isAnonymous: boolean;
  authorTag: string | null;
}

/**
 * Whether the viewer wrote the thread: by account when named; by the viewer's tag for
 * the thread when anonymous (CONTRACT.md section 13), the row keeping no account.
 */
function isAuthor(viewer: Viewer, thread: PremiumThread): boolean {
  if (!thread.isAnonymous) return thread.userId !== null && thread.userId === viewer.userId;
  return thread.authorTag !== null && viewer.authorTagOf != null && viewer.authorTagOf(thread.id) === thread.authorTag;
}

/**
 * Whether the viewer may read a premium thread's hidden part: its author, admins,
 * active premium members and buyers with a confirmed purchase (CONTRACT.md section 4).
 * The one place this rule lives; serializers ask it, never the web app.
 */
export async function hasPremiumAccess(
  db: DbOrTx,
  viewer: Viewer,
  thread: PremiumThread,
): Promise<boolean> {
  return (await premiumAccessSet(db, viewer, [thread])).has(thread.id);
}

/**
 * The ids among `threads` whose hidden part the viewer may read, in one query for a
 * whole list.
 */
export async function premiumAccessSet(
  db: DbOrTx,
  viewer: Viewer,
  threads: PremiumThread[],
): Promise<Set<number>> {
  const granted = new Set<number>();
  const toCheck: number[] = [];
  for (const thread of threads) {
    if (!thread.isPremium || (viewer.userId !== null && (viewer.isAdmin || viewer.isMember || isAuthor(viewer, thread)))) {
      granted.add(thread.id);
    } else if (viewer.userId !== null) {
      toCheck.push(thread.id);
    }
  }
  if (toCheck.length > 0 && viewer.userId !== null) {
    const rows = await db
      .select({ threadId: premiumAccesses.threadId })
      .from(premiumAccesses)
      .where(and(eq(premiumAccesses.userId, viewer.userId), inArray(premiumAccesses.threadId, toCheck), eq(premiumAccesses.status, 'confirmed')));
    for (const row of rows) granted.add(row.threadId);
  }
  return granted;
}
