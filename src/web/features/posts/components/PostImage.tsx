import { useState } from 'react';

const DEFAULT_IMAGE = '/uploads/default-image.jpg';

/** A post's image: at most 300 px high on small screens, 400 px on larger; the default image when it fails. */
export function PostImage({ src, name }: { src: string; name: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <figure className="grid gap-1">
      <a href={failed ? DEFAULT_IMAGE : src} target="_blank" rel="noopener noreferrer" className="w-fit">
        <img
          src={failed ? DEFAULT_IMAGE : src}
          alt={name ?? 'Attached image'}
          loading="lazy"
          onError={() => setFailed(true)}
          className="max-h-[300px] max-w-full rounded-md border object-contain md:max-h-[400px]"
        />
      </a>
      {name && <figcaption className="text-xs text-muted-foreground">{name}</figcaption>}
    </figure>
  );
}
