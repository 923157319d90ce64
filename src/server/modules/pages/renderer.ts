import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRead, PageRenderInput, PageRenderOutput } from '../../../shared/page-render.js';
import { ssrEntryFile } from '../../lib/paths.js';

/** The web app's server entry (src/web/entry-server.tsx) as the server calls it. */
export interface PageRenderer {
  /** The reads the page at this URL starts with; null for a page the browser renders alone. */
  pageReads(url: string, signedIn: boolean): PageRead[] | null;
  renderPage(input: PageRenderInput): Promise<PageRenderOutput>;
}

/**
 * Imports the built server render (dist/ssr/entry-server.js, `npm run build:ssr`), or
 * null when it is not built (`npm run dev`, or API tests without a build): pages are then
 * the app shell alone, as before server rendering.
 */
export async function loadPageRenderer(file = ssrEntryFile): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}
