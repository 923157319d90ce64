import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { boards, threads } from '../../db/schema.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { feedForPath, RECENT_FEED } from '../../../shared/feeds.js';
import type { PageReadResult, PageReads } from '../../../shared/page-render.js';
import type { PageTemplate } from './template.js';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute or root-relative image for link previews. */
  image?: string;
  type: 'website' | 'article' | 'profile';
  /**
   * API reads the page starts with, named in its HTML (link rel=preload) so the browser
   * fetches them alongside the app's scripts rather than after them: on a phone the
   * thread's text arrives one round trip sooner (Lighthouse LCP).
   */
  preload?: string[];
}

const SITE = 'Hushboard';
const TAGLINE = 'Private discussions, public impact';
export const DEFAULT_META: PageMeta = {
  title: `${SITE} · ${TAGLINE}`,
  description: 'An anonymous-friendly discussion board: boards, threads and replies, posting under your name or anonymously, with crypto tips and premium threads.',
  type: 'website',
};

const excerpt = (text: string, length = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/**
 * What a page is about, for its <title>, description and Open Graph tags in the first
 * HTML (shared links preview; crawlers see content without running the app). Only
 * what any visitor may read: never an anonymous author, never premium content. The
 * thread's image is the URL clients get (`imageUrlOf`: on UPLOADS_PUBLIC_URL when set).
 */
export async function pageMeta(db: Db, pathname: string, imageUrlOf: ImageUrlOf): Promise<PageMeta> {
  const board = /^\/board\/([a-z0-9]{1,16})\/?$/i.exec(pathname);
  if (board) {
    const [row] = await db.select({ code: boards.code, name: boards.name, description: boards.description }).from(boards).where(eq(boards.code, board[1]!.toLowerCase())).limit(1);
    if (row) return { title: `/${row.code}/ - ${row.name} · ${SITE}`, description: excerpt(row.description || DEFAULT_META.description), type: 'website' };
  }
  const thread = /^\/thread\/(\d{1,10})\/?$/.exec(pathname);
  if (thread && Number(thread[1]) <= 2_147_483_647) {
    const [row] = await db
      .select({ title: threads.title, content: threads.content, imageUrl: threads.imageUrl, code: boards.code })
      .from(threads)
      .innerJoin(boards, eq(boards.id, threads.boardId))
      .where(and(eq(threads.id, Number(thread[1])), not(threads.isDeleted)))
      .limit(1);
    if (row) {
      const image = imageUrlOf(row.imageUrl);
      return {
        title: `${row.title} · /${row.code}/ · ${SITE}`,
        description: excerpt(row.content),
        type: 'article',
        ...(image ? { image } : {}),
        // The very URL the thread page asks for (features/threads/api/get-thread.ts), or the preload goes unused.
        preload: [`/api/threads/${Number(thread[1])}`],
      };
    }
  }
  return DEFAULT_META;
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's own feed first, then the recent threads' when that is another one. */
function feedLinks(pathname: string) {
  const own = feedForPath(pathname);
  return own.href === RECENT_FEED.href ? [own] : [own, RECENT_FEED];
}

/**
 * What a server-rendered page is about, from the reads it was rendered with (so no
 * query of its own): the same fields any visitor's API answer carries, never premium
 * content or an anonymous author. The title is the page's own <title>.
 */
export function metaFromReads(reads: PageReadResult[], title: string | null): PageMeta {
  const data = <N extends PageReadResult['name']>(name: N) => {
    const read = reads.find((candidate) => candidate.name === name);
    return read && 'data' in read ? (read.data as PageReads[N]['data']) : undefined;
  };
  const base = { ...DEFAULT_META, ...(title ? { title } : {}) };
  const thread = data('thread');
  if (thread) {
    return { ...base, description: excerpt(thread.content) || base.description, type: 'article', ...(thread.imageUrl ? { image: thread.imageUrl } : {}) };
  }
  const board = data('board');
  if (board) return { ...base, description: excerpt(board.description || DEFAULT_META.description) };
  const profile = data('profile');
  if (profile) return { ...base, description: `${profile.username} on ${SITE}: their threads and replies.`, type: 'profile' };
  return base;
}

/**
 * The page: the built index.html (compiled once, template.ts) with the page's title, meta
 * tags, CSP nonce and #root filled in, each in its own place in one pass, so nothing of the
 * page's content is ever read as a place to write into. `head` adds tags to the head's end;
 * `root` is the whole #root element (the app shell's empty one by default).
 */
export function renderIndexHtml(
  template: PageTemplate,
  meta: PageMeta,
  options: { nonce: string; origin: string; pathname: string; canonical?: string; head?: string[]; root?: string },
): string {
  const url = options.origin + (options.canonical ?? options.pathname);
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(/^https?:\/\//.test(meta.image) ? meta.image : options.origin + meta.image)}" />`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
    // crossorigin=anonymous: the same credentials mode as the app's fetch (same-origin), so the app's request takes this response.
    ...(meta.preload ?? []).map((url) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="anonymous" />`),
    // In the server's HTML, so feed readers find the feeds without running the app.
    ...feedLinks(options.pathname).map((feed) => `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(feed.title)}" href="${escapeHtml(options.origin + feed.href)}" />`),
    ...(options.head ?? []),
  ].join('\n    ');
  return template.fill({
    nonce: options.nonce,
    title: `<title>${escapeHtml(meta.title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    head: `  ${tags}\n  </head>`,
    root: options.root ?? '<div id="root"></div>',
  });
}
