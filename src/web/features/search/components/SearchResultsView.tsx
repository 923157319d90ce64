import { Link } from '../../../app/router';
import type { SearchResults } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Badge } from '../../../components/ui/badge';
import { replyCountLabel, TimeAgo } from '../../../lib/format';
import { Snippet } from './Snippet';

export function ThreadResults({ threads }: { threads: SearchResults['threads'] }) {
  if (threads.length === 0) return <p className="text-sm text-muted-foreground">No threads found.</p>;
  return (
    <ul className="grid gap-3" aria-label="Thread results">
      {threads.map((thread) => (
        <li key={thread.id} className="grid gap-1 rounded-lg border bg-card p-4">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline" className="font-mono">
              /{thread.board.code}/
            </Badge>
            <Link to={`/thread/${thread.id}`} className="font-semibold hover:underline">
              {thread.title}
            </Link>
            {thread.isPremium && <Badge>Premium</Badge>}
          </div>
          <Snippet html={thread.snippet} />
          <p className="flex gap-3 text-xs text-muted-foreground">
            <span><TimeAgo iso={thread.createdAt} /></span>
            <span className="inline-flex items-center gap-1">
              <SpriteIcon name="message-square" className="size-3" />
              {replyCountLabel(thread.replyCount)}
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function PostResults({ posts }: { posts: SearchResults['posts'] }) {
  if (posts.length === 0) return <p className="text-sm text-muted-foreground">No posts found.</p>;
  return (
    <ul className="grid gap-3" aria-label="Post results">
      {posts.map((post) => (
        <li key={post.id} className="grid gap-1 rounded-lg border bg-card p-4">
          <Link to={`/thread/${post.threadId}#post-${post.id}`} className="font-medium hover:underline">
            Reply in “{post.threadTitle}”
          </Link>
          <Snippet html={post.snippet} />
          <p className="text-xs text-muted-foreground"><TimeAgo iso={post.createdAt} /></p>
        </li>
      ))}
    </ul>
  );
}
