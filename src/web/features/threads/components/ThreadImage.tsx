import { useState } from 'react';
import { SpriteIcon } from '../../../components/icons/sprite';
import { cn } from '../../../lib/utils';

/** A thread's thumbnail, or 'No Image' when it has none or it fails to load. */
export function ThreadThumbnail({ src, className }: { src: string | null; className?: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) {
    return (
      <div className={cn('flex flex-col items-center justify-center gap-1 bg-muted text-xs text-muted-foreground', className)}>
        <SpriteIcon name="image-off" className="size-5" />
        No Image
      </div>
    );
  }
  return <img src={src} alt="" loading="lazy" onError={() => setBroken(true)} className={cn('object-cover', className)} />;
}

export const DEFAULT_IMAGE = '/uploads/default-image.jpg';

/** A full image that falls back to the default image on load failure (SPEC.md section 8). */
export function ContentImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? DEFAULT_IMAGE : src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn('rounded-md border object-contain', className)}
    />
  );
}
