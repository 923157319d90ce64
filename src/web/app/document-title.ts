import { options, type VNode } from 'preact';
import { useLayoutEffect } from 'react';

/**
 * Pages declare their title React 19 style, as a `<title>` element anywhere in the tree,
 * and React 19 hoists it into <head>. The web build runs on Preact (docs/web-bundle.md),
 * which would leave it in <body>, where the browser ignores it in favour of index.html's:
 * this hook turns every `<title>` into a component that sets document.title instead.
 * (No SVG in the app carries a <title>; one would be caught too.)
 */
const initialTitle = document.title;

function DocumentTitle({ children }: { children?: unknown }) {
  const text = (Array.isArray(children) ? children : [children]).join('');
  useLayoutEffect(() => {
    document.title = text;
  }, [text]);
  // The next page sets its own on mount; one without a title falls back to the app's name.
  useLayoutEffect(() => () => void (document.title = initialTitle), []);
  return null;
}

export function hoistDocumentTitles() {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.type === 'title') vnode.type = DocumentTitle as VNode['type'];
    previous?.(vnode);
  };
}
