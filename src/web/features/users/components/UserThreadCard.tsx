import { EyeOff } from 'lucide-react';
import { Link } from '../../../app/router';
import type { Thread } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate, replyCountLabel } from '../../../lib/format';
import { MarkdownBody } from '../../../components/markdown/MarkdownBody';

/** A thread on a profile: title link, board badge, date, reply count and a 2-line excerpt. */
export function UserThreadCard({ thread }: { thread: Thread }) {
  const titleId = `profile-thread-${thread.id}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="gap-2 p-4">
      <h3 id={titleId} className="font-semibold leading-snug">
        <Link to={`/thread/${thread.id}`} className="hover:underline">
          {thread.title}
        </Link>
      </h3>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <Badge variant="outline">/{thread.board.code}/</Badge>
        {thread.isAnonymous && (
          <Badge variant="secondary">
            <EyeOff aria-hidden="true" />
            Anonymous
          </Badge>
        )}
        <span className="inline-flex items-center gap-1">
          <SpriteIcon name="clock" className="size-3" />
          {formatDate(thread.createdAt)}
        </span>
        <span className="inline-flex items-center gap-1">
          <SpriteIcon name="message-square" className="size-3" />
          {replyCountLabel(thread.replyCount)}
        </span>
      </div>
      <MarkdownBody html={thread.contentHtml} className="line-clamp-2 text-sm text-muted-foreground" />
    </Card>
  );
}
