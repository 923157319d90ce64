// Rendered Markdown for every place the server shows a post or thread (the JSON's
// contentHtml, the server-rendered pages built from it, feeds): the one function
// that turns stored text into HTML, so a create or an edit needs nothing else.
// Rendered on read and kept by text (decision 017): no column to backfill when
// the renderer changes, nothing to keep in step on edit (new text, new entry),
// and the page a hundred readers open renders each post once.
import { renderMarkdown } from '../../shared/markdown/renderer.js';

/** What the kept HTML may hold, counted in characters of text and HTML together (about 2 bytes each). */
const KEPT_CHARS_MAX = 8_000_000;

const kept = new Map<string, string>();
let keptChars = 0;

/** A post's or thread's text as safe HTML, rendered once per distinct text while it stays in use. */
export function renderPostContent(content: string): string {
  if (content === '') return '';
  const hit = kept.get(content);
  if (hit !== undefined) {
    // Most recently used last: the Map's order is the eviction order.
    kept.delete(content);
    kept.set(content, hit);
    return hit;
  }
  const html = renderMarkdown(content);
  kept.set(content, html);
  keptChars += content.length + html.length;
  for (const [oldest, oldestHtml] of kept) {
    if (keptChars <= KEPT_CHARS_MAX) break;
    kept.delete(oldest);
    keptChars -= oldest.length + oldestHtml.length;
  }
  return html;
}
