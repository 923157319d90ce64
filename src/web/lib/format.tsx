import { useMemo } from 'react';
import { renderNow } from './page-state';

// Relative times (SPEC.md section 9): 'N ago' with thresholds at 60 s, 60 min, 24 h, 30 days, 12 months.
const steps: [limit: number, seconds: number, unit: string][] = [
  [60, 1, 'second'],
  [60 * 60, 60, 'minute'],
  [24 * 60 * 60, 60 * 60, 'hour'],
  [30 * 24 * 60 * 60, 24 * 60 * 60, 'day'],
  [365 * 24 * 60 * 60, 30 * 24 * 60 * 60, 'month'],
];

export function timeAgo(iso: string | null | undefined, now = renderNow()): string {
  if (!iso) return 'Recently';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 'Recently';
  const elapsed = Math.max(0, Math.floor((now - time) / 1000));
  if (elapsed < 5) return 'just now';
  for (const [limit, size, unit] of steps) {
    if (elapsed < limit) {
      const count = Math.floor(elapsed / size);
      return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
    }
  }
  const years = Math.floor(elapsed / (365 * 24 * 60 * 60));
  return `${years} year${years === 1 ? '' : 's'} ago`;
}

/**
 * A relative time as text, fixed when first rendered (and when the time itself changes):
 * a page re-rendering for another reason does not rewrite it, so the line it sits in
 * never shifts under the reader, and a server-rendered page hydrates with the server's
 * text (renderNow is the server's clock then).
 */
export function TimeAgo({ iso }: { iso: string | null | undefined }) {
  return useMemo(() => timeAgo(iso), [iso]);
}

// Dates as Intl.DateTimeFormat('en-US') writes them, without building one (en-us-date-format.ts).
export { formatDate } from './en-us-date-format';

export const replyCountLabel = (count: number) => (count === 1 ? '1 reply' : `${count} replies`);

/** Copies text; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
