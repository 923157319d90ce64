import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CurrentUser, Post, ThreadDetail } from '../../../../shared/api.js';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { getPostsAfter } from '../api/get-more-posts';
import { useLocation } from '../../../app/router';
import { goToPost } from './PostBody';
import { PostView, type PostActions, type PostTreeNode } from './PostView';
import { renderingServerPage } from '../../../lib/page-state';
import { HydrateInTurn } from '../../../lib/hydrate-in-turns';
import { createTaskPace } from '../../../lib/task-pace';
import { LazyReplyForm } from './LazyReplyForm';
import type { TextInsert } from './ReplyForm';
import { postKeys } from '../api/keys';

type Sort = 'newest' | 'oldest';

/** Top-level posts with their replies nested by replyToId; a reply whose parent is not loaded stays top-level. */
function buildTree(posts: Post[], sort: Sort): PostTreeNode[] {
  const nodes = new Map(posts.map((post) => [post.id, { post, children: [] as PostTreeNode[] }]));
  const roots: PostTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.post.replyToId ? nodes.get(node.post.replyToId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byTime = (a: PostTreeNode, b: PostTreeNode) => a.post.id - b.post.id;
  for (const node of nodes.values()) node.children.sort(byTime);
  roots.sort(byTime);
  return sort === 'newest' ? roots.reverse() : roots;
}

/** The same posts in the same shape: the tree is rebuilt on every refetch, the posts in it are kept when unchanged. */
function sameTree(a: PostTreeNode, b: PostTreeNode): boolean {
  return a.post === b.post && a.children.length === b.children.length && a.children.every((child, index) => sameTree(child, b.children[index]!));
}

// A reply re-renders only when it, its nested replies or the actions change: an
// auto-refresh that brings nothing new re-renders none of them.
const MemoPostView = memo(PostView, (before, after) => before.actions === after.actions && before.depth === after.depth && sameTree(before.node, after.node));

// A few replies (with their nested replies) render with the page, then more per task,
// as many as the pace allows (lib/task-pace.ts).
const FIRST_REPLIES = 3;

/** How many top-level replies to render now: all when the address names one (#post-N), for the scroll to find it. */
function useRevealedCount(total: number): number {
  // A page the server rendered already shows them all (readers without JavaScript read them there).
  const [revealed, setRevealed] = useState(() =>
    renderingServerPage() || window.location.hash.startsWith('#post-') ? Number.POSITIVE_INFINITY : FIRST_REPLIES,
  );
  const [pace] = useState(createTaskPace);
  // After the commit of a reveal: how long it took, and so how many the next task can take.
  useLayoutEffect(() => pace.finished(), [pace, revealed]);
  useEffect(() => {
    if (revealed >= total) return;
    const timer = window.setTimeout(() => {
      const added = pace.perTask;
      pace.started(added);
      setRevealed((count) => count + added);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [pace, revealed, total]);
  return revealed;
}

/**
 * Once the post the address names (#post-N) is on screen, scrolls to it and highlights
 * it, once per address: a link from elsewhere (a notification, a search result, a
 * profile) lands on the post, though the page's data arrives after the router placed
 * the scroll.
 */
function useScrollToAddressedPost() {
  const { hash } = useLocation();
  const reached = useRef('');
  useEffect(() => {
    if (!hash.startsWith('#post-') || reached.current === hash) return;
    if (goToPost(Number(hash.slice('#post-'.length)))) reached.current = hash;
  });
}

interface RepliesProps {
  thread: ThreadDetail;
  user: CurrentUser | null;
  onReport: (postId: number) => void;
  onBan: (ipHash: string) => void;
  /** Admins: Suspend Author on an anonymous reply. */
  onSuspendAuthor?: ((postId: number) => void) | undefined;
  renderVotes: (post: Post) => ReactNode;
  /** The tip button and tips summary of a post (the tips feature, composed by the page). */
  renderTips: (post: Post) => ReactNode;
  /** Edit and History on the viewer's own post (the editing feature, composed by the page). */
  renderOwnActions?: ((post: Post) => ReactNode) | undefined;
}

/** The reply form (or the locked notice) and the replies (SPEC.md section 2, thread detail). */
export function Replies({ thread, user, onReport, onBan, onSuspendAuthor, renderVotes, renderTips, renderOwnActions }: RepliesProps) {
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<Sort>('newest');
  const [replyingTo, setReplyingTo] = useState<number | null>(null);
  const [insert, setInsert] = useState<TextInsert | null>(null);
  const [more, setMore] = useState<Post[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  // Stable, so the reply form (memoized) does not re-render each time more replies are revealed.
  const showNewest = useCallback(() => setSort('newest'), []);

  const posts = useMemo(() => {
    const seen = new Set(thread.posts.map((post) => post.id));
    return [...thread.posts, ...more.filter((post) => !seen.has(post.id))];
  }, [thread.posts, more]);
  const tree = useMemo(() => buildTree(posts, sort), [posts, sort]);
  const revealed = useRevealedCount(tree.length);
  useScrollToAddressedPost();
  const visibleCount = posts.filter((post) => !post.isDeleted).length;
  const hasMore = thread.replyCount > visibleCount && posts.length > 0;

  const loadMore = async () => {
    const last = posts.at(-1);
    if (!last) return;
    setLoadingMore(true);
    try {
      const next = await queryClient.fetchQuery({
        queryKey: postKeys.after(thread.id, last.id),
        queryFn: () => getPostsAfter(thread.id, last.id),
      });
      setMore((current) => [...current, ...next]);
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to load more replies' });
    } finally {
      setLoadingMore(false);
    }
  };

  // The same object while nothing in it changes, so revealing more replies re-renders only the new ones.
  const actions: PostActions = useMemo(
    () => ({
      user,
      locked: thread.isLocked,
      replyingTo,
      setReplyingTo,
      onQuote: (post) => {
        const line = post.content.split('\n').find((text) => text.trim() && !/^>>\d+$/.test(text.trim())) ?? '';
        setInsert({ text: `>>${post.id}\n${line ? `>${line}\n` : ''}`, nonce: Date.now() });
        document.getElementById('reply-thread-content')?.scrollIntoView({ block: 'center' });
      },
      onReport,
      onBan,
      onSuspendAuthor,
      renderVotes,
      renderTips,
      renderOwnActions,
    }),
    [user, thread.isLocked, replyingTo, onReport, onBan, onSuspendAuthor, renderVotes, renderTips, renderOwnActions],
  );

  return (
    <section aria-labelledby="replies-heading" className="grid gap-4">
      {thread.isLocked ? (
        <p role="status" className="flex items-center gap-2 rounded-lg border bg-muted p-4 text-sm">
          <Lock className="size-4" aria-hidden="true" />
          This thread is locked. No new replies can be added.
        </p>
      ) : (
        <div className="rounded-lg border bg-card p-4">
          <LazyReplyForm threadId={thread.id} user={user} insert={insert} onPosted={showNewest} />
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="replies-heading" className="text-lg font-semibold">
          Replies
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor="reply-sort" className="text-sm text-muted-foreground">
            Sort
          </label>
          <NativeSelect id="reply-sort" value={sort} onChange={(event) => setSort(event.target.value as Sort)} className="w-40">
            <option value="newest">Newest First</option>
            <option value="oldest">Oldest First</option>
          </NativeSelect>
        </div>
      </div>
      {tree.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">No replies yet. Be the first to reply!</p>
      ) : (
        <ol className="grid gap-3" aria-label="Replies">
          {tree.slice(0, revealed).map((node, index) => (
            // Past the first few, a server-rendered reply hydrates after the page (lib/hydrate-in-turns.tsx).
            <HydrateInTurn key={node.post.id} later={index >= FIRST_REPLIES}>
              <MemoPostView node={node} actions={actions} />
            </HydrateInTurn>
          ))}
        </ol>
      )}
      {/* Only once every loaded reply shows: while they are revealed the button moves down, under the pointer. */}
      {hasMore && revealed >= tree.length && (
        <Button variant="outline" className="justify-self-center" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading...' : 'Load More Replies'}
        </Button>
      )}
    </section>
  );
}
