import type { MouseEvent } from 'react';
import { MarkdownBody } from '../../../components/markdown/MarkdownBody';

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

function onReferenceClick(event: MouseEvent<HTMLElement>) {
  const reference = (event.target as Element).closest<HTMLAnchorElement>('a.md-reference');
  if (reference && goToPost(Number(reference.dataset.postId))) event.preventDefault();
}

/**
 * A post or thread body: the server's rendering of its Markdown (contentHtml), where
 * a >>{id} reference jumps to that post of the page when it is there.
 */
export function PostBody({ html, className }: { html: string; className?: string }) {
  return <MarkdownBody html={html} className={className} onClick={onReferenceClick} />;
}
