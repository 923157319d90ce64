import type { ReactNode } from 'react';

/**
 * A search snippet: the server sends escaped text with matches in <mark>. Rebuilt
 * from the parsed nodes (text and <mark> only), so nothing else can ever render.
 */
export function Snippet({ html }: { html: string }) {
  const body = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const parts: ReactNode[] = [];
  body.childNodes.forEach((node, index) => {
    if (node.nodeName === 'MARK') {
      parts.push(
        <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-black">
          {node.textContent}
        </mark>,
      );
    } else {
      parts.push(node.textContent);
    }
  });
  return <p className="line-clamp-3 text-sm text-muted-foreground">{parts}</p>;
}
