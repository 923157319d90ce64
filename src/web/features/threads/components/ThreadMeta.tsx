import { ChartBar, Crown, Lock, Pin } from 'lucide-react';
import { Link } from '../../../app/router';
import type { Thread } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';
import { PosterIdBadge } from '../../../components/poster-id/PosterId';
import { YouBadge } from '../../../components/poster-id/YouBadge';
import { EditedMark } from '../../../components/edited/EditedMark';
import { formatDate, replyCountLabel, TimeAgo } from '../../../lib/format';

/** Author (linked, or 'Anonymous', and 'You' to its author), age and reply count: the card's and the thread page's byline. */
export function ThreadByline({ thread, size = 'sm' }: { thread: Thread; size?: 'xs' | 'sm' }) {
  const icon = size === 'xs' ? 'size-3' : 'size-3.5';
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground', size === 'xs' ? 'text-xs' : 'text-sm')}>
      {thread.userId && thread.username ? (
        <Link to={`/users/${thread.userId}`} className="font-medium text-foreground hover:underline">
          {thread.username}
        </Link>
      ) : (
        <span>Anonymous</span>
      )}
      <PosterIdBadge posterId={thread.posterId} />
      {thread.isOwn && <YouBadge />}
      <time dateTime={thread.createdAt} title={formatDate(thread.createdAt)} className="inline-flex items-center gap-1">
        <SpriteIcon name="clock" className={icon} />
        <TimeAgo iso={thread.createdAt} />
      </time>
      <EditedMark editedAt={thread.editedAt} />
      <span className="inline-flex items-center gap-1">
        <SpriteIcon name="message-square" className={icon} />
        {replyCountLabel(thread.replyCount)}
      </span>
    </div>
  );
}

/** Sticky, (optionally) Locked, Premium and Poll badges. */
export function ThreadBadges({ thread, withLocked = false }: { thread: Thread; withLocked?: boolean }) {
  return (
    <>
      {thread.isSticky && (
        <Badge variant="secondary">
          <Pin aria-hidden="true" />
          Sticky
        </Badge>
      )}
      {withLocked && thread.isLocked && (
        <Badge variant="outline">
          <Lock aria-hidden="true" />
          Locked
        </Badge>
      )}
      {thread.isPremium && (
        <Badge>
          <Crown aria-hidden="true" />
          Premium
        </Badge>
      )}
      {thread.hasPoll && (
        <Badge variant="outline">
          <ChartBar aria-hidden="true" />
          Poll
        </Badge>
      )}
    </>
  );
}
