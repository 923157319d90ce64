import type { MouseEvent, ReactNode } from 'react';

/** How long a post reached through a reference stays highlighted (SPEC.md section 9). */
const HIGHLIGHT_MS = 2000;
const TOKEN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])|>>(\d+)/g;

/** Scrolls to #post-{id} and highlights it for 2 s. */
export function goToPost(id: number): boolean {
  const target = document.getElementById(`post-${id}`);
  if (!target) return false;
  target.scrollIntoView({ behavior: 'smooth', block: 'center' });
  target.focus({ preventScroll: true });
  target.classList.add('post-highlight');
  window.setTimeout(() => target.classList.remove('post-highlight'), HIGHLIGHT_MS);
  history.replaceState(history.state, '', `#post-${id}`);
  return true;
}

function onReferenceClick(event: MouseEvent<HTMLAnchorElement>, id: number) {
  if (goToPost(id)) event.preventDefault();
}

/** URLs become safe links and >>{id} references jump to the post. */
function renderText(text: string, keyPrefix: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const index = match.index;
    if (index > last) parts.push(text.slice(last, index));
    const [whole, url, ref] = match;
    if (url) {
      parts.push(
        <a key={`${keyPrefix}-${index}`} href={url} target="_blank" rel="nofollow ugc noopener noreferrer" className="break-all text-primary underline underline-offset-2">
          {url}
        </a>,
      );
    } else if (ref) {
      const id = Number(ref);
      parts.push(
        <a key={`${keyPrefix}-${index}`} href={`#post-${id}`} onClick={(event) => onReferenceClick(event, id)} className="font-medium text-primary underline-offset-2 hover:underline">
          {whole}
        </a>,
      );
    }
    last = index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** A post or thread body: text with links and references, and ```code blocks```. */
export function PostBody({ content, className }: { content: string; className?: string }) {
  const segments = content.split('```');
  return (
    <div className={className}>
      {segments.map((segment, index) =>
        index % 2 === 1 ? (
          <pre key={index} className="my-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm">
            <code>{segment.replace(/^\n/, '')}</code>
          </pre>
        ) : (
          segment && (
            <p key={index} className="wrap-anywhere whitespace-pre-wrap">
              {renderText(segment, String(index))}
            </p>
          )
        ),
      )}
    </div>
  );
}
