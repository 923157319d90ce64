import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { Thread } from '../../../shared/api.js';
import { useUser } from '../../lib/auth/get-user';
import { ThreadCard, ThreadCardSkeleton } from '../../features/threads/components/ThreadCard';
import { useThreadListVotes } from '../../features/votes/api/vote';
import { VoteArrows } from '../../features/votes/components/VoteArrows';

const SKELETON_CARDS = 3;
// Only admins ban, rarely: the dialog (Radix with it) loads when first opened.
const BanDialog = lazy(() => import('../../features/moderation/components/BanDialog').then((module) => ({ default: module.BanDialog })));

/** A list of thread cards with votes and the admin menu composed in; 3 skeletons while loading. */
export function ThreadList({ query, empty, error }: { query: UseQueryResult<Thread[]>; empty: ReactNode; error?: ReactNode }) {
  const user = useUser().data ?? null;
  const [banHash, setBanHash] = useState<string | null>(null);
  const viewerId = user?.id ?? null;
  const threadIds = useMemo(() => query.data?.map((thread) => thread.id) ?? [], [query.data]);
  useThreadListVotes(threadIds, viewerId);

  if (query.isPending) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label="Loading threads">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={`skeleton-${index}`}>
            <ThreadCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (query.isError) {
    return (
      error ?? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
          Threads could not be loaded. Please try refreshing the page.
        </p>
      )
    );
  }
  if (query.data.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className="grid gap-3">
        {query.data.map((thread) => (
          <li key={thread.id}>
            <ThreadCard
              thread={thread}
              isAdmin={Boolean(user?.isAdmin)}
              onBan={setBanHash}
              votes={<VoteArrows target={{ kind: 'threads', id: thread.id }} upvotes={thread.upvotes} downvotes={thread.downvotes} viewerId={viewerId} askedInBatch />}
            />
          </li>
        ))}
      </ul>
      <Suspense>{banHash !== null && <BanDialog ipHash={banHash} onOpenChange={(open) => !open && setBanHash(null)} />}</Suspense>
    </>
  );
}
