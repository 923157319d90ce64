import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER } from '../../../shared/constants.js';
import { PAGE_STATE_ID, type PageFormState, type PageRead, type PageReadResult, type PageRenderOutput } from '../../../shared/page-render.js';
import { pollChangesAt } from '../../../shared/polls.js';
import { etagMatches, etagOf } from '../../lib/etag.js';
import type { ImageUrlOf } from '../../lib/form.js';
import { cacheHeadersWithOrigin, keepWithOrigin, siteOrigin } from '../../lib/site-origin.js';
import { contentSecurityPolicy } from '../../plugins/security.js';
import { latestEventId } from '../events/index.js';
import { sendVisitorPage } from '../threads/index.js';
import { DEFAULT_META, metaFromReads, pageMeta, renderIndexHtml } from './meta.js';
import { compressPage } from './compress.js';
import { compileTemplate } from './template.js';
import { unavailableAnswer } from '../../plugins/error-handler.js';
import { answerReads } from './reads.js';
import type { PageRenderer } from './renderer.js';

/** How long a visitor's copy of a page may be revalidated as unchanged when its data is. */
const ETAG_PERIOD_MS = 5 * 60_000;

export interface PageSenderOptions {
  /** The built index.html. */
  template: string;
  /** The server render (or its import under way), or null (not built): the app shell alone. */
  renderer: PageRenderer | Promise<PageRenderer | null> | null;
  imageUrlOf: ImageUrlOf;
  imageOrigin: string | undefined;
}

export interface SendPageOptions {
  /** A form posted without JavaScript, shown again with the server's messages (status 400 or the like). */
  form?: PageFormState;
  status?: number;
  /** The page to render, when not the request's own URL (/index.html is the home page). */
  url?: string;
}

export type SendPage = (request: FastifyRequest, reply: FastifyReply, options?: SendPageOptions) => Promise<FastifyReply>;

/** How a page is kept for visitors: by the thread it shows, or the board whose list it shows; else not kept. */
function keptAs(reads: PageRead[]): string | undefined {
  for (const read of reads) {
    if (read.name === 'thread') return `thread:${read.args[0]}`;
  }
  for (const read of reads) {
    if (read.name === 'boardThreads') return `board:${read.args[0].toLowerCase()}`;
  }
  return undefined;
}

/** When a kept page goes stale by itself: the closing time of the open poll it shows. */
function keptUntil(results: PageReadResult[]): number | undefined {
  for (const result of results) if (result.name === 'thread' && 'data' in result) return pollChangesAt(result.data.poll);
  return undefined;
}

/** Search pages, and the board list's page, are other pages; sort and view are the same list seen another way. */
function canonicalOf(url: URL): string {
  const kept = new URLSearchParams();
  if (url.pathname === '/search' && url.searchParams.get('q')) kept.set('q', url.searchParams.get('q')!);
  if (url.pathname.startsWith('/board/') && url.searchParams.get('page')) kept.set('page', url.searchParams.get('page')!);
  const search = kept.toString();
  return url.pathname + (search ? `?${search}` : '');
}

/**
 * Answers a page of the web app (CONTRACT.md section 12): rendered on the server with
 * the data its components read first, dehydrated into the page so the app hydrates
 * without asking again. A visitor's page is the same for every visitor: it carries no
 * token and no cookie, an ETag and `no-cache`, so it can be revalidated (304) and
 * cached by a CDN; its CSP nonce is derived from its content, so a 304 keeps the
 * cached copy's. A signed-in user's page is `private, no-store`.
 */
export function createPageSender(app: FastifyInstance, options: PageSenderOptions): SendPage {
  const { imageUrlOf, imageOrigin } = options;
  // Split at its slots once: a page is filled in by position, never by searching it (template.ts).
  const template = compileTemplate(options.template);
  // A render that cannot be imported leaves the shell, which the browser renders: pages still work.
  const loading = Promise.resolve(options.renderer).catch((error: unknown) => {
    app.log.error({ err: error }, 'the server render (dist/ssr) could not be loaded: pages are served as the app shell');
    return null;
  });
  const templateTag = etagOf(options.template);
  const nonceKey = app.config.secret;

  /** The shell alone: the browser renders the page (signed-in tools, or no server build). */
  async function sendShell(request: FastifyRequest, reply: FastifyReply, pathname: string, status: number) {
    const nonce = randomBytes(16).toString('base64');
    const origin = siteOrigin(request);
    // A page without its preview tags beats no page while the database is away.
    const meta = await pageMeta(app.db, pathname, imageUrlOf).catch(() => DEFAULT_META);
    const html = renderIndexHtml(template, meta, { nonce, origin: origin.href, pathname });
    return keepWithOrigin(request, reply, origin, 'no-cache')
      .code(status)
      .header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, imageOrigin }))
      .type('text/html; charset=utf-8')
      .send(await compressPage(request, reply, html));
  }

  /** The five minutes a page is made in (its relative times are good for them). */
  const periodNow = () => Math.floor(Date.now() / ETAG_PERIOD_MS);
  /** A visitor's page's ETag: the build, the address, the period and the data it shows (not its HTML). */
  const pageEtag = (address: string, period: number, results: PageReadResult[]) => etagOf(`${templateTag}\n${address}\n${period}\n${JSON.stringify(results)}`);

  /** A visitor's page's CSP nonce follows its ETag, so a 304's policy names the cached copy's nonce. */
  const nonceOf = (etag: string) => createHmac('sha256', nonceKey).update(etag).digest('base64').slice(0, 22);

  /**
   * The browser paints the page once its markup is all parsed (up to the state after it),
   * not a part of it: a half-parsed header or row (a button without its label yet, a
   * right-aligned control whose row is still growing) moved when the rest arrived, a layout
   * shift on every slow device. `rel=expect` (Chromium 124+; other browsers paint as before).
   */
  const renderBlocking = `<link rel="expect" href="#${PAGE_STATE_ID}" blocking="render" />`;

  /**
   * The last live event's id, read before the page's data: the page's first event stream
   * resumes after it, so a reply posted while the page loads is not lost before the stream
   * opens. Null when it cannot be read (the stream then starts from the newest event).
   */
  const eventIdNow = () => latestEventId(app.db).catch(() => null);

  /** The whole document: the rendered app and its state where the shell had an empty #root, with its CSP nonce. */
  function assemble(rendered: PageRenderOutput, results: PageReadResult[], origin: string, url: URL, nonce: string): string {
    const meta = metaFromReads(results, rendered.title);
    return renderIndexHtml(template, meta, {
      nonce,
      origin,
      pathname: url.pathname,
      canonical: canonicalOf(url),
      head: [renderBlocking],
      root: `<div id="root">${rendered.html}</div>\n    <script type="application/json" id="${PAGE_STATE_ID}">${rendered.state}</script>`,
    });
  }

  return async function sendPage(request, reply, { form, status, url: pageUrl = request.url } = {}) {
    const url = new URL(pageUrl, 'http://page');
    // A session the database cannot read now (away, or busy): the page's reads would fail
    // alike, so they all answer so, and the page shows its error view with that status (503),
    // as a visitor's page does, rather than a page of JSON.
    const { user, failed } = await request.loadUser(reply).then(
      (user) => ({ user, failed: null }),
      (error: unknown) => {
        const failed = unavailableAnswer(error);
        if (!failed) throw error;
        return { user: null, failed };
      },
    );
    // Logged-in users are sent home from /auth (SPEC.md section 2), without JavaScript too.
    if (user && url.pathname === '/auth') return reply.redirect('/', 303);
    const renderer = await loading;
    const reads = renderer?.pageReads(pageUrl, Boolean(user)) ?? null;
    if (!renderer || !reads) return sendShell(request, reply, url.pathname, status ?? 200);

    const perViewer = Boolean(user || form || failed || url.pathname === '/auth');
    // Absolute URLs (canonical, Open Graph, feeds) on PUBLIC_URL, else on the request's own
    // origin, and then the page is kept by no shared cache (lib/site-origin.ts).
    const site = siteOrigin(request);
    const origin = site.href;
    // A thread's or a board's page is the same for every visitor: kept per instance until it
    // changes (threads/visitor-pages.ts), for the five minutes its relative times are good for.
    const tag = perViewer || status !== undefined ? undefined : keptAs(reads);
    if (tag !== undefined) {
      const period = periodNow();
      const page = await app.services.visitorPages.page(tag, `html:${period}:${origin}${pageUrl}`, async () => {
        const eventId = await eventIdNow();
        const results = await answerReads(app.services, request, reads);
        const etag = pageEtag(`${origin}${pageUrl}`, period, results);
        const nonce = nonceOf(etag);
        const rendered = await renderer.renderPage({ url: pageUrl, reads: results, csrfToken: null, form: null, now: Date.now(), eventId });
        const body = assemble(rendered, results, origin, url, nonce);
        const headers = {
          'content-security-policy': contentSecurityPolicy({ styleNonce: nonce, imageOrigin }),
          ...cacheHeadersWithOrigin(request, site, 'no-cache', ['Cookie', 'Accept-Encoding']),
        };
        return { body, etag, headers, status: rendered.status, keep: rendered.status === 200, until: keptUntil(results) };
      });
      reply.removeHeader('set-cookie');
      if (page.status === 200) return sendVisitorPage(request, reply, page, 'text/html; charset=utf-8');
      // A thread that is gone: its 404 page, not kept, like any page that is not a 200.
      reply.code(page.status ?? 404).type('text/html; charset=utf-8').header('Vary', 'Cookie').headers(page.headers ?? {});
      return reply.header('Cache-Control', 'private, no-store').send(await compressPage(request, reply, page.body));
    }

    const eventId = failed ? null : await eventIdNow();
    const results = failed ? reads.map((read) => ({ ...read, error: failed }) as PageReadResult) : await answerReads(app.services, request, reads);
    // Forms post it back as `_csrf`: only on pages made for one viewer, so a visitor's page stays the same for all.
    const csrfToken = perViewer ? String(reply.getHeader(CSRF_HEADER) ?? '') || null : null;
    // The same page for every visitor: tagged by the build, the address and the data it shows, and
    // the five minutes it was made in (so '3 minutes ago' is not kept for hours). Not by the HTML
    // itself, whose relative times move every second. Known before rendering, so a revalidation
    // costs the reads but no render: only a 200 page ever carried an ETag, and the same reads
    // render the same page.
    const etag = perViewer ? null : pageEtag(`${origin}${pageUrl}`, periodNow(), results);
    const nonce = etag ? nonceOf(etag) : randomBytes(16).toString('base64');
    const ifNoneMatch = request.headers['if-none-match'];
    if (etag && ifNoneMatch && etagMatches(ifNoneMatch, etag) && status === undefined) {
      // As the 200 it revalidates says.
      return keepWithOrigin(request, reply, site, 'no-cache', ['Cookie', 'Accept-Encoding'])
        .code(304)
        .header('ETag', etag)
        .header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, imageOrigin }))
        .removeHeader('set-cookie')
        .send();
    }
    const rendered = await renderer.renderPage({ url: pageUrl, reads: results, csrfToken, form: form ?? null, now: Date.now(), eventId });
    const code = status ?? (failed ? failed.status : rendered.status);

    reply.code(code).type('text/html; charset=utf-8').header('Vary', 'Cookie');
    if (!etag || code !== 200) {
      const fresh = randomBytes(16).toString('base64');
      return reply
        .header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: fresh, imageOrigin }))
        .header('Cache-Control', 'private, no-store')
        .send(await compressPage(request, reply, assemble(rendered, results, origin, url, fresh)));
    }
    keepWithOrigin(request, reply, site, 'no-cache', ['Cookie'])
      .header('ETag', etag)
      // The nonce follows the ETag, so a 304's policy names the cached copy's nonce.
      .header('Content-Security-Policy', contentSecurityPolicy({ styleNonce: nonce, imageOrigin }))
      // A visitor's reading page sets no cookie, so a shared cache may keep it (CONTRACT.md section 9).
      .removeHeader('set-cookie');
    return reply.send(await compressPage(request, reply, assemble(rendered, results, origin, url, nonce)));
  };
}
