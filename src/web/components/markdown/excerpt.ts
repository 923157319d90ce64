// A one-line view of rendered Markdown, for an excerpt inside a link (a catalog
// card), where links and blocks may not go: the words of the server's rendering,
// tags gone, each spoiler's text replaced by "[spoiler]".
const SPOILER_OPEN = '<span class="md-spoiler" tabindex="0">';
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function withoutSpoilers(html: string): string {
  let out = '';
  let from = 0;
  for (let start = html.indexOf(SPOILER_OPEN); start !== -1; start = html.indexOf(SPOILER_OPEN, from)) {
    out += `${html.slice(from, start)}[spoiler]`;
    // The renderer writes no span but spoilers' own, so spans pair up.
    let depth = 0;
    const spans = /<(\/?)span\b[^>]*>/g;
    spans.lastIndex = start;
    for (let match = spans.exec(html); match; match = spans.exec(html)) {
      depth += match[1] ? -1 : 1;
      if (depth === 0) {
        from = spans.lastIndex;
        break;
      }
    }
    if (depth !== 0) return out;
  }
  return out + html.slice(from);
}

/** Plain text of a contentHtml, to be shown as text (React escapes it again). */
export function excerptOf(html: string): string {
  return withoutSpoilers(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)
    .replace(/\s+/g, ' ')
    .trim();
}
