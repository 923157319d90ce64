import { useState, type ReactNode } from 'react';
import { Link } from '../../../app/router';
import type { Thread } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { ThreadAdminMenu } from './ThreadAdminMenu';
import { ThreadThumbnail } from './ThreadImage';
import { ThreadBadges, ThreadByline } from './ThreadMeta';

const TAGS_SHOWN = 2;

/**
 * Up to two of the board's tags, chosen at random (SPEC.md section 2) but seeded by the
 * thread: the server's HTML and the browser's first render pick the same, so hydration
 * changes nothing on screen.
 */
function pickTags(tags: string[], seed: number): string[] {
  const pool = [...tags];
  const picked: string[] = [];
  let state = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: a different, even spread of picks from one thread to the next.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  while (picked.length < TAGS_SHOWN && pool.length > 0) picked.push(...pool.splice(Math.floor(next() * pool.length), 1));
  return picked;
}

interface ThreadCardProps {
  thread: Thread;
  /** The vote arrows (votes feature), composed by the page. */
  votes: ReactNode;
  isAdmin: boolean;
  onBan: (ipHash: string) => void;
}

/** A thread in a list, exactly as SPEC.md section 2 lists it. */
export function ThreadCard({ thread, votes, isAdmin, onBan }: ThreadCardProps) {
  const [tags] = useState(() => pickTags(thread.board.tags, thread.id));
  const titleId = `thread-card-${thread.id}`;
  return (
    <Card className="flex-row gap-3 p-3 sm:gap-4 sm:p-4" aria-labelledby={titleId} role="article">
      <div className="-ml-1 shrink-0 sm:ml-0">{votes}</div>
      <Link to={`/thread/${thread.id}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ThreadThumbnail src={thread.thumbnailUrl ?? thread.imageUrl} className="size-16 rounded-md sm:size-24" />
      </Link>
      <div className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] content-start gap-1.5">
        <div className="flex items-start gap-2">
          <h3 id={titleId} className="min-w-0 flex-1 font-semibold leading-snug">
            <Link to={`/thread/${thread.id}`} className="hover:underline">
              {thread.title}
            </Link>
          </h3>
          {isAdmin && thread.ipHash && <ThreadAdminMenu thread={thread} onBan={onBan} />}
        </div>
        <ThreadByline thread={thread} size="xs" />
        <div className="flex flex-wrap items-center gap-1.5">
          <ThreadBadges thread={thread} />
          {tags.map((tag) => (
            <Badge key={tag} variant="outline">
              {tag}
            </Badge>
          ))}
        </div>
        <div className="flex items-center justify-end gap-2">
          <Button asChild variant="link" size="sm" className="h-auto px-0">
            <Link to={`/thread/${thread.id}`} aria-label={`View Thread: ${thread.title}`}>
              View Thread
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}

export function ThreadCardSkeleton() {
  return (
    <Card className="flex-row gap-4 p-4">
      <Skeleton className="size-20 rounded-md sm:size-24" />
      <div className="grid flex-1 content-start gap-2">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-24" />
      </div>
    </Card>
  );
}
