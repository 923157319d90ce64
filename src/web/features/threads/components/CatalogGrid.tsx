import { Pin } from 'lucide-react';
import { Link } from '../../../app/router';
import type { Thread } from '../../../../shared/api.js';
import { SpriteIcon } from '../../../components/icons/sprite';
import { replyCountLabel } from '../../../lib/format';
import { excerptOf } from '../../../components/markdown/excerpt';
import { ThreadThumbnail } from './ThreadImage';

/** The board as an imageboard catalog: a grid of thumbnails with title, excerpt and reply count. */
export function CatalogGrid({ threads }: { threads: Thread[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Catalog">
      {threads.map((thread) => (
        <li key={thread.id}>
          <Link
            to={`/thread/${thread.id}`}
            className="grid h-full content-start gap-2 rounded-lg border bg-card p-2 text-center outline-none transition-colors hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <ThreadThumbnail src={thread.thumbnailUrl ?? thread.imageUrl} className="aspect-square w-full rounded-md" />
            <span className="inline-flex items-center justify-center gap-1 text-xs text-muted-foreground">
              {thread.isSticky && <Pin className="size-3" aria-label="Sticky" />}
              <SpriteIcon name="message-square" className="size-3" />
              {replyCountLabel(thread.replyCount)}
            </span>
            <span className="line-clamp-2 text-sm font-semibold">{thread.title}</span>
            <span className="line-clamp-3 text-xs text-muted-foreground">{excerptOf(thread.contentHtml)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
