import { EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../../app/router';
import { SpriteIcon } from '../../../components/icons/sprite';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import type { ProfilePost } from '../api/get-user-posts';
import { MarkdownBody } from '../../../components/markdown/MarkdownBody';

const DEFAULT_IMAGE = '/uploads/default-image.jpg';

/** A reply on a profile: date, a link to its thread, the content and its image. */
export function UserPostCard({ post }: { post: ProfilePost }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <Card role="article" aria-label={`Reply in ${post.threadTitle}`} className="gap-2 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <SpriteIcon name="clock" className="size-3" />
          {formatDate(post.createdAt)}
        </span>
        <span>
          in{' '}
          <Link to={`/thread/${post.threadId}#post-${post.id}`} className="font-medium text-foreground underline underline-offset-2">
            {post.threadTitle}
          </Link>
        </span>
        {post.isAnonymous && (
          <Badge variant="secondary">
            <EyeOff aria-hidden="true" />
            Anonymous
          </Badge>
        )}
      </div>
      <MarkdownBody html={post.contentHtml} className="text-sm" />
      {post.imageUrl && (
        <img
          src={imageFailed ? DEFAULT_IMAGE : (post.thumbnailUrl ?? post.imageUrl)}
          alt={post.imageName ?? 'Attached image'}
          loading="lazy"
          onError={() => setImageFailed(true)}
          className="max-h-60 w-fit max-w-full rounded-md border object-contain"
        />
      )}
    </Card>
  );
}
