import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import type { CurrentUser, Post } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Button } from '../../../components/ui/button';
import { formatDate, TimeAgo } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { PosterIdBadge, usePosterHighlighted } from '../../../components/poster-id/PosterId';
import { YouBadge } from '../../../components/poster-id/YouBadge';
import { EditedMark } from '../../../components/edited/EditedMark';
import { PostBody } from './PostBody';
import { PostImage } from './PostImage';
import { PostMenu } from './PostMenu';
import { LazyReplyForm } from './LazyReplyForm';

export interface PostTreeNode {
  post: Post;
  children: PostTreeNode[];
}

export interface PostActions {
  user: CurrentUser | null;
  locked: boolean;
  replyingTo: number | null;
  setReplyingTo: (postId: number | null) => void;
  onQuote: (post: Post) => void;
  onReport: (postId: number) => void;
  onBan: (ipHash: string) => void;
  onSuspendAuthor?: ((postId: number) => void) | undefined;
  renderVotes: (post: Post) => ReactNode;
  /** Tip button and tips summary; hidden on deleted posts. */
  renderTips: (post: Post) => ReactNode;
  /** Edit and History on the viewer's own post (the editing feature's, composed by the page); hidden on deleted posts. */
  renderOwnActions?: ((post: Post) => ReactNode) | undefined;
}

/** One reply with its nested replies (SPEC.md section 2, post view). */
export function PostView({ node, actions, depth = 0 }: { node: PostTreeNode; actions: PostActions; depth?: number }) {
  const { post } = node;
  const isAdmin = Boolean(actions.user?.isAdmin);
  const headingId = `post-${post.id}-author`;
  const highlighted = usePosterHighlighted(post.posterId);
  return (
    <li className="grid gap-3">
      <article
        id={`post-${post.id}`}
        tabIndex={-1}
        aria-labelledby={headingId}
        // content-visibility: the browser lays out and paints a reply only near the screen, so a
        // long thread does not cost one long layout (TBT); 9rem is a typical reply's height.
        className={cn(
          'flex scroll-mt-24 gap-2 rounded-lg border bg-card p-3 transition-colors outline-none [contain-intrinsic-size:auto_9rem] [content-visibility:auto] sm:gap-3 sm:p-4',
          highlighted && 'border-primary ring-2 ring-primary/40',
        )}
        data-poster-highlighted={highlighted || undefined}
      >
        {!post.isDeleted && <div className="-ml-1 shrink-0">{actions.renderVotes(post)}</div>}
        <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-2">
          <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <h3 id={headingId} className="min-w-0 font-medium">
              {post.isDeleted ? (
                <span className="text-muted-foreground">Deleted</span>
              ) : post.userId && post.username ? (
                <Link to={`/users/${post.userId}`} className="hover:underline">
                  {post.username}
                </Link>
              ) : (
                'Anonymous'
              )}
            </h3>
            <PosterIdBadge posterId={post.posterId} />
            {post.isOwn && !post.isDeleted && <YouBadge />}
            <time dateTime={post.createdAt} title={formatDate(post.createdAt)} className="text-xs text-muted-foreground">
              <TimeAgo iso={post.createdAt} />
            </time>
            {!post.isDeleted && <EditedMark editedAt={post.editedAt} />}
            <span className="text-xs text-muted-foreground">No. {post.id}</span>
            <div className="ml-auto">
              <PostMenu post={post} isAdmin={isAdmin} onReport={actions.onReport} onBan={actions.onBan} onSuspendAuthor={actions.onSuspendAuthor} />
            </div>
          </header>
          {post.isDeleted ? (
            <p className="text-sm italic opacity-60">
              {post.deletedBy === 'author' ? 'This post has been deleted by its author.' : 'This post has been deleted by a moderator.'}
            </p>
          ) : (
            <>
              <PostBody html={post.contentHtml} className="text-sm" />
              {post.imageUrl && <PostImage src={post.imageUrl} name={post.imageName} />}
              <div className="flex flex-wrap items-center gap-1">
                {!actions.locked && (
                  <>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={actions.replyingTo === post.id}
                      onClick={() => actions.setReplyingTo(actions.replyingTo === post.id ? null : post.id)}
                    >
                      <SpriteIcon name="message-square-reply" />
                      Reply
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => actions.onQuote(post)}>
                      <SpriteIcon name="quote" />
                      Quote
                    </Button>
                  </>
                )}
                {actions.renderOwnActions?.(post)}
                {actions.renderTips(post)}
              </div>
            </>
          )}
        </div>
      </article>
      {actions.replyingTo === post.id && !post.isDeleted && (
        <div className="ml-4 rounded-lg border border-dashed p-3 sm:ml-8">
          <LazyReplyForm
            threadId={post.threadId}
            user={actions.user}
            replyToId={post.id}
            autoFocus
            onPosted={() => actions.setReplyingTo(null)}
            onCancel={() => actions.setReplyingTo(null)}
          />
        </div>
      )}
      {node.children.length > 0 && (
        <ol className={cn('grid gap-3 border-l-2 pl-3 sm:pl-5', depth < 6 ? 'ml-2 sm:ml-4' : 'ml-0')} aria-label={`Replies to post ${post.id}`}>
          {node.children.map((child) => (
            <PostView key={child.post.id} node={child} actions={actions} depth={depth + 1} />
          ))}
        </ol>
      )}
    </li>
  );
}
