import type { MouseEvent, ReactNode } from 'react';
import { segmentsOf, tokenizeText } from '../../../../shared/post-text.js';
import { Link } from '../../../app/router';

/** How long a post reached through a reference stays highlighted (SPEC.md section 9). */
const HIGHLIGHT_MS = 2000;

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

/**
 * URLs become safe links, >>{id} references jump to the post, @username mentions link
 * to that user's profile (through /u/{username}). Text is only ever a React text node:
 * nothing in a post becomes HTML. The tokenizer is shared with the server, so what is
 * linked here is exactly what notified someone.
 */
function renderText(text: string, keyPrefix: string): ReactNode[] {
  return tokenizeText(text).map((token, index) => {
    const key = `${keyPrefix}-${index}`;
    switch (token.type) {
      case 'url':
        return (
          <a key={key} href={token.text} target="_blank" rel="nofollow ugc noopener noreferrer" className="break-all text-primary underline underline-offset-2">
            {token.text}
          </a>
        );
      case 'quote':
        return (
          <a key={key} href={`#post-${token.postId}`} onClick={(event) => onReferenceClick(event, token.postId)} className="font-medium text-primary underline-offset-2 hover:underline">
            {token.text}
          </a>
        );
      case 'mention':
        return (
          <Link key={key} to={`/u/${encodeURIComponent(token.username)}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {token.text}
          </Link>
        );
      default:
        return token.text;
    }
  });
}

/** A post or thread body: text with links, references and mentions, and ```code blocks```. */
export function PostBody({ content, className }: { content: string; className?: string }) {
  const segments = segmentsOf(content);
  return (
    <div className={className}>
      {segments.map((segment, index) =>
        index % 2 === 1 ? (
          <pre key={index} className="my-2 overflow-x-auto rounded-md bg-muted p-3 font-mono text-sm">
            <code>{segment.replace(/^\n/, '')}</code>
          </pre>
        ) : (
          segment && (
            <p key={index} className="whitespace-pre-wrap">
              {renderText(segment, String(index))}
            </p>
          )
        ),
      )}
    </div>
  );
}
