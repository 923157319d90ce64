import { FileQuestion } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { Post } from '../../shared/api.js';
import { Link, useParams } from '../app/router';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { PosterIdScope } from '../components/poster-id/PosterId';
import { useUser } from '../lib/auth/get-user';
import { PostBody } from '../features/posts/components/PostBody';
import { Replies } from '../features/posts/components/Replies';
import type { ReportTarget } from '../features/reports/api/create-report';
import { useThread } from '../features/threads/api/get-thread';
import { useLiveThread } from '../features/threads/api/live';
import { PollView } from '../features/polls/components/PollView';
import { PremiumBlock } from '../features/premium/components/PremiumBlock';
import { TipArea } from '../features/tips/components/TipArea';
import { ThreadDetailView } from '../features/threads/components/ThreadDetailView';
import { useThreadPostVotes } from '../features/votes/api/vote';
import { VoteArrows } from '../features/votes/components/VoteArrows';
import { OwnContentActions } from '../features/editing/components/OwnContentActions';

// Reporting and banning are rare: their dialogs (and the form libraries) load when opened.
const ReportDialog = lazy(() => import('../features/reports/components/ReportDialog').then((module) => ({ default: module.ReportDialog })));
const BanDialog = lazy(() => import('../features/moderation/components/BanDialog').then((module) => ({ default: module.BanDialog })));
const SuspendAuthorDialog = lazy(() =>
  import('../features/moderation/components/SuspendAuthorDialog').then((module) => ({ default: module.SuspendAuthorDialog })),
);

/** /thread/{id} (SPEC.md section 2, thread detail). */
export function ThreadPage() {
  const id = Number(useParams().id);
  const [autoRefresh, setAutoRefresh] = useState(true);
  // Auto-refresh rides the event stream; polling every 5 s is left for when the stream fails.
  const live = useLiveThread(id, autoRefresh);
  const thread = useThread(id, autoRefresh && !live);
  const user = useUser().data ?? null;
  const [banHash, setBanHash] = useState<string | null>(null);
  const [report, setReport] = useState<ReportTarget | null>(null);
  const [suspending, setSuspending] = useState<{ threadId: number } | { postId: number } | null>(null);
  const onSuspendPostAuthor = useCallback((postId: number) => setSuspending({ postId }), []);
  const threadId = thread.data?.id;
  const signedIn = Boolean(user);
  // The same functions from one render to the next: the replies re-render only when they
  // change, not every time the page does (each auto-refresh toggles isFetching twice).
  const onReportPost = useCallback((postId: number) => setReport({ postId }), []);
  const renderPostTips = useCallback(
    (post: Post) => threadId !== undefined && <TipArea target={{ kind: 'post', threadId, postId: post.id, isOwn: post.isOwn }} user={user} />,
    [threadId, user],
  );
  const threadLocked = thread.data?.isLocked ?? false;
  const renderOwnActions = useCallback(
    (post: Post) => post.isOwn && <OwnContentActions target={{ kind: 'post', id: post.id, threadId: post.threadId }} content={post} locked={threadLocked} />,
    [threadLocked],
  );
  const viewerId = user?.id ?? null;
  useThreadPostVotes(id, viewerId);
  const renderPostVotes = useCallback(
    (post: Post) => <VoteArrows target={{ kind: 'posts', id: post.id }} upvotes={post.upvotes} downvotes={post.downvotes} viewerId={viewerId} askedInBatch />,
    [viewerId],
  );

  if (thread.isPending && Number.isInteger(id) && id > 0) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-24 w-full rounded-xl" />
      </div>
    );
  }
  if (!thread.data) {
    return (
      <div className="grid justify-items-center gap-3 py-16 text-center">
        <title>Thread Not Found · Hushboard</title>
        <FileQuestion className="size-10 text-muted-foreground" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">Thread Not Found</h1>
        <p className="max-w-md text-muted-foreground">The thread you&apos;re looking for doesn&apos;t exist or has been removed.</p>
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    );
  }

  const data = thread.data;
  const requireUser = (then: () => void) => () => {
    if (signedIn) then();
  };
  return (
    <PosterIdScope opPosterId={data.posterId}>
      <div className="grid gap-6">
        <title>{`${data.title} · /${data.board.code}/ · Hushboard`}</title>
        <ThreadDetailView
          thread={data}
          user={user}
          votes={<VoteArrows target={{ kind: 'threads', id: data.id }} upvotes={data.upvotes} downvotes={data.downvotes} viewerId={viewerId} />}
          body={<PostBody html={data.contentHtml} className="leading-relaxed" />}
          poll={data.poll && <PollView poll={data.poll} threadId={data.id} signedIn={signedIn} />}
          premium={<PremiumBlock thread={data} user={user} />}
          tips={<TipArea target={{ kind: 'thread', threadId: data.id, isOwn: data.isOwn }} user={user} />}
          ownActions={data.isOwn ? <OwnContentActions target={{ kind: 'thread', id: data.id }} content={data} locked={data.isLocked} /> : undefined}
          autoRefresh={autoRefresh}
          onAutoRefreshChange={setAutoRefresh}
          onRefresh={() => void thread.refetch()}
          refreshing={thread.isFetching}
          onReport={requireUser(() => setReport({ threadId: data.id }))}
          onBan={setBanHash}
          onSuspendAuthor={(threadId) => setSuspending({ threadId })}
        />
        <Replies
          thread={data}
          user={user}
          onReport={onReportPost}
          onBan={setBanHash}
          onSuspendAuthor={onSuspendPostAuthor}
          renderTips={renderPostTips}
          renderVotes={renderPostVotes}
          renderOwnActions={renderOwnActions}
        />
        <Suspense>
          {report && <ReportDialog target={report} onOpenChange={(open) => !open && setReport(null)} />}
          {banHash && <BanDialog ipHash={banHash} onOpenChange={(open) => !open && setBanHash(null)} />}
          {suspending && <SuspendAuthorDialog target={suspending} onOpenChange={(open) => !open && setSuspending(null)} />}
        </Suspense>
      </div>
    </PosterIdScope>
  );
}
