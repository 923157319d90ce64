import { ArrowBigDown, ArrowBigUp, Clock, Ellipsis, HandCoins, ImageOff, MessageSquare, MessageSquareReply, Quote, type LucideIcon } from 'lucide-react';

/**
 * The icons drawn once per document and referenced by `<use>`: only those repeated on
 * every reply or thread card (docs/web-bundle.md). An inline icon a hundred times over
 * was a third of a thread page's HTML, and parsing and hydrating it was blocking time.
 */
const spriteIcons = {
  'arrow-big-up': ArrowBigUp,
  'arrow-big-down': ArrowBigDown,
  ellipsis: Ellipsis,
  'message-square-reply': MessageSquareReply,
  quote: Quote,
  'hand-coins': HandCoins,
  clock: Clock,
  'message-square': MessageSquare,
  'image-off': ImageOff,
} satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof spriteIcons;

const names = Object.keys(spriteIcons) as SpriteIconName[];

/** The drawings, once per page (RootLayout). Hidden by class: the CSP allows no style attribute. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      {names.map((name) => {
        const Icon = spriteIcons[name];
        return (
          <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
            {/* fill inherits through <use> from the icon's own svg, so `fill-current` (a cast vote) still fills it. */}
            <Icon fill="inherit" />
          </symbol>
        );
      })}
    </svg>
  );
}

/**
 * An icon of the sprite, with the classes lucide gives its own (`lucide lucide-<name>`),
 * so selectors such as the button's `svg:not([class*='size-'])` match it alike. Decorative:
 * its label is the control's.
 */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden="true"
      width="24"
      height="24"
      // lucide's default, which the drawing inherits; a `fill-*` class overrides it.
      fill="none"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
