import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/utils';

interface PosterIdState {
  /** The opening post's poster ID, marked 'OP' wherever it appears. */
  opPosterId: string | null;
  highlighted: string | null;
  toggle: (posterId: string) => void;
}

const PosterIdContext = createContext<PosterIdState>({ opPosterId: null, highlighted: null, toggle: () => undefined });

/**
 * The thread page's poster IDs (CONTRACT.md section 11): which one is the opening
 * poster's, and which one the reader picked to highlight. Both the thread and its
 * replies show badges, so the page provides this around both.
 */
export function PosterIdScope({ opPosterId, children }: { opPosterId: string | null | undefined; children: ReactNode }) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const state = useMemo<PosterIdState>(
    () => ({ opPosterId: opPosterId ?? null, highlighted, toggle: (posterId) => setHighlighted((current) => (current === posterId ? null : posterId)) }),
    [opPosterId, highlighted],
  );
  return <PosterIdContext.Provider value={state}>{children}</PosterIdContext.Provider>;
}

/** Whether this post's poster is the one the reader highlighted. */
export function usePosterHighlighted(posterId: string | null | undefined): boolean {
  const { highlighted } = useContext(PosterIdContext);
  return Boolean(posterId) && posterId === highlighted;
}

/** A hue of its own for each ID, so a reader matches badges by colour at a glance. */
/** One of 24 hues (index.css: data-poster-hue): a colour from the stylesheet, since the CSP refuses style attributes in server-rendered HTML. */
function hueOf(posterId: string): number {
  let hash = 0;
  for (let index = 0; index < posterId.length; index++) hash = (hash * 31 + posterId.charCodeAt(index)) >>> 0;
  return hash % 24;
}

/**
 * An anonymous poster's ID as a coloured badge; pressing it highlights every post of
 * that poster in the thread. White text on an OKLCH lightness of 0.45 keeps about
 * 7:1 contrast whatever the hue, in every theme and colour mode.
 */
export function PosterIdBadge({ posterId, className }: { posterId: string | null | undefined; className?: string }) {
  const { opPosterId, highlighted, toggle } = useContext(PosterIdContext);
  if (!posterId) return null;
  const isOp = posterId === opPosterId;
  const pressed = highlighted === posterId;
  return (
    <button
      type="button"
      onClick={() => toggle(posterId)}
      aria-pressed={pressed}
      // The name starts with the visible text (CONTRACT.md section 8), then says what it does.
      aria-label={`ID ${posterId}${isOp ? ' OP' : ''}, poster ID${isOp ? ' of the thread starter' : ''}: highlight this poster's posts`}
      title="Highlight this poster's posts"
      data-poster-hue={hueOf(posterId)}
      className={cn(
        'inline-flex h-5 items-center gap-1 rounded px-1.5 font-mono text-[0.7rem] leading-none font-semibold text-white outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        pressed && 'ring-2 ring-foreground ring-offset-1 ring-offset-background',
        className,
      )}
    >
      <span aria-hidden="true">ID {posterId}</span>
      {isOp && (
        <span aria-hidden="true" className="rounded-sm bg-white/25 px-1">
          OP
        </span>
      )}
    </button>
  );
}
