import type { KeyboardEvent, MouseEvent } from 'react';
import { useNavigate } from '../../app/router';
import { cn } from '../../lib/utils';

/** A link of this site in rendered text (an @mention, a /path link), opened in place like a Link. */
function sameSiteLink(target: Element): HTMLAnchorElement | null {
  const link = target.closest<HTMLAnchorElement>('a[href^="/"]');
  return link && !link.target ? link : null;
}

/**
 * Markdown rendered by the server's renderer (a post's contentHtml, or the editor's
 * preview from the same renderer): safe HTML by construction, so it is set as is.
 * One listener serves every link and spoiler in it: a same-site link navigates in
 * place, and a spoiler clicked stays revealed (without script, CSS shows it while
 * it has focus). `onClick` runs first and may claim the click.
 */
export function MarkdownBody({ html, className, onClick }: { html: string; className?: string | undefined; onClick?: (event: MouseEvent<HTMLElement>) => void }) {
  const navigate = useNavigate();
  function handleClick(event: MouseEvent<HTMLElement>) {
    onClick?.(event);
    if (event.defaultPrevented) return;
    const target = event.target as Element;
    const spoiler = target.closest('.md-spoiler');
    if (spoiler && !spoiler.classList.contains('is-revealed')) {
      spoiler.classList.add('is-revealed');
      event.preventDefault();
      return;
    }
    const link = sameSiteLink(target);
    if (link && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      void navigate(link.getAttribute('href')!);
    }
  }
  function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const spoiler = (event.target as Element).closest('.md-spoiler');
    if (spoiler === event.target) {
      spoiler.classList.add('is-revealed');
      event.preventDefault();
    }
  }
  return (
    // The listeners serve the links and spoilers inside, which are focusable themselves.
    <div className={cn('markdown', className)} onClick={handleClick} onKeyDown={handleKeyDown} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
