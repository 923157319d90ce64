import type { ReactNode } from 'react';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** Undoes the server's escaping (modules/search: &amp; &lt; &gt; &quot; &#39;); any other text is left as it is. */
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => ENTITIES[name] ?? '');

/**
 * A search snippet: the server sends escaped text with matches in <mark>. Rebuilt as
 * text and <mark> elements only, so nothing else can ever render. (A string walk, not
 * DOMParser: the page is rendered on the server too.)
 */
export function Snippet({ html }: { html: string }) {
  const parts: ReactNode[] = [];
  html.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part, index) => {
    if (!part) return;
    const marked = /^<mark>([\s\S]*)<\/mark>$/.exec(part);
    if (marked) {
      parts.push(
        <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-black">
          {unescape(marked[1]!.replace(/<[^>]*>/g, ''))}
        </mark>,
      );
    } else {
      parts.push(unescape(part.replace(/<[^>]*>/g, '')));
    }
  });
  return <p className="line-clamp-3 text-sm text-muted-foreground">{parts}</p>;
}
