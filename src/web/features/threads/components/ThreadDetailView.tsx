import { ArrowLeft, Bookmark, BookmarkCheck, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../../app/router';
import type { CurrentUser, ThreadDetail } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { usePosterHighlighted } from '../../../components/poster-id/PosterId';
import { cn } from '../../../lib/utils';
import { useIsSaved, useSetSaved } from '../api/saved';
import { ContentImage } from './ThreadImage';
import { ThreadMenu } from './ThreadMenu';
import { ThreadBadges, ThreadByline } from './ThreadMeta';

interface ThreadDetailViewProps {
  thread: ThreadDetail;
  user: CurrentUser | null;
  votes: ReactNode;
  /** Rendered body (links, references, code): the posts feature's PostBody, composed by the page. */
  body: ReactNode;
  /** The thread's poll, if it has one: the polls feature's, composed by the page. */
  poll?: ReactNode;
  /** The premium block (paywall or unlocked content) of a premium thread: the premium feature's, composed by the page. */
  premium: ReactNode;
  /** The tip button and tips summary of the thread: the tips feature's, composed by the page. */
  tips: ReactNode;
  /** Edit and History for the thread's author: the editing feature's, composed by the page. */
  ownActions?: ReactNode;
  autoRefresh: boolean;
  onAutoRefreshChange: (on: boolean) => void;
  onRefresh: () => void;
  refreshing: boolean;
  onReport: () => void;
  onBan: (ipHash: string) => void;
  onSuspendAuthor?: ((threadId: number) => void) | undefined;
}

/** The head of a thread page (SPEC.md section 2, thread detail). */
export function ThreadDetailView(props: ThreadDetailViewProps) {
  const { thread, user, votes, body, poll, premium, tips, autoRefresh, onAutoRefreshChange, onRefresh, refreshing } = props;
  const opHighlighted = usePosterHighlighted(thread.posterId);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="sm">
          <Link to={`/board/${thread.board.code}`}>
            <ArrowLeft aria-hidden="true" />
            Back to /{thread.board.code}/
          </Link>
        </Button>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing}>
            <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden="true" />
            Refresh
          </Button>
          <Button
            variant={autoRefresh ? 'secondary' : 'outline'}
            size="sm"
            aria-pressed={autoRefresh}
            aria-label={`Auto ${autoRefresh ? 'ON' : 'OFF'}, auto-refresh every 5 seconds`}
            onClick={() => onAutoRefreshChange(!autoRefresh)}
          >
            Auto {autoRefresh ? 'ON' : 'OFF'}
          </Button>
          <SaveButton threadId={thread.id} user={user} />
        </div>
      </div>

      <article
        aria-labelledby="thread-title"
        className={cn('flex gap-2 rounded-xl border bg-card p-4 shadow-sm sm:gap-4 sm:p-6', opHighlighted && 'border-primary ring-2 ring-primary/40')}
        data-poster-highlighted={opHighlighted || undefined}
      >
        <div className="-ml-1 shrink-0">{votes}</div>
        <div className="grid min-w-0 flex-1 gap-3">
          <div className="flex items-start gap-2">
            <div className="grid min-w-0 flex-1 gap-2">
              <div className="flex flex-wrap gap-1.5">
                <ThreadBadges thread={thread} withLocked />
              </div>
              <h1 id="thread-title" className="text-2xl font-bold tracking-tight">
                {thread.title}
              </h1>
              <ThreadByline thread={thread} />
            </div>
            <ThreadMenu thread={thread} user={user} onReport={props.onReport} onBan={props.onBan} onSuspendAuthor={props.onSuspendAuthor} />
          </div>
          {body}
          {poll}
          {thread.imageUrl && (
            <figure className="grid gap-1">
              <a href={thread.imageUrl} target="_blank" rel="noopener noreferrer" className="w-fit">
                <ContentImage src={thread.imageUrl} alt={thread.imageName ?? 'Thread image'} className="max-h-[600px] max-w-full" />
              </a>
              {thread.imageName && <figcaption className="text-xs text-muted-foreground">{thread.imageName}</figcaption>}
            </figure>
          )}
          {premium}
          {props.ownActions && <div className="flex flex-wrap items-center gap-1">{props.ownActions}</div>}
          {thread.board.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Board tags">
              {thread.board.tags.slice(0, 2).map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">{tag}</Badge>
                </li>
              ))}
            </ul>
          )}
          {tips}
        </div>
      </article>
    </div>
  );
}

function SaveButton({ threadId, user }: { threadId: number; user: CurrentUser | null }) {
  const saved = useIsSaved(threadId, Boolean(user));
  const setSaved = useSetSaved();
  const isSaved = Boolean(saved.data?.isSaved);
  const onClick = async () => {
    if (!user) {
      toast({ variant: 'destructive', title: 'Authentication required', description: 'You must be logged in to save threads.' });
      return;
    }
    try {
      await setSaved.mutateAsync({ id: threadId, save: !isSaved });
      toast({ title: isSaved ? 'Removed from saved threads' : 'Thread saved', description: isSaved ? undefined : 'Find it under Saved threads in your menu.' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to update saved threads' });
    }
  };
  return (
    <Button variant="outline" size="sm" aria-pressed={isSaved} disabled={setSaved.isPending} onClick={() => void onClick()}>
      {isSaved ? <BookmarkCheck aria-hidden="true" /> : <Bookmark aria-hidden="true" />}
      {isSaved ? 'Saved' : 'Save'}
    </Button>
  );
}
