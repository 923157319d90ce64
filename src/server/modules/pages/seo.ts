import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { boards, threads } from '../../db/schema.js';
import { keepWithOrigin, siteOrigin } from '../../lib/site-origin.js';
import { escapeXml, wellFormedXml } from '../../lib/xml.js';

/** Threads the sitemap lists: the most recently active. Crawlers find older ones through board pages. */
export const SITEMAP_THREADS = 1000;


/**
 * `GET /robots.txt` and `GET /sitemap.xml` (CONTRACT.md section 12): the reading pages
 * are open to crawlers, the API, the signed-in user's tools and the form posts are not.
 * The sitemap names boards and recent threads by URL and date only, so a premium
 * thread is listed without anything of its content. Both name the board by its absolute
 * URL: PUBLIC_URL's, kept by shared caches; else the request's own, kept by none
 * (lib/site-origin.ts).
 */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', async (request, reply) => {
    const origin = siteOrigin(request);
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /auth',
      'Disallow: /mod',
      'Disallow: /premium',
      'Disallow: /saved',
      'Disallow: /users/*/edit',
      `Sitemap: ${origin.href}/sitemap.xml`,
    ];
    return keepWithOrigin(request, reply, origin, 'public, max-age=3600').type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = siteOrigin(request);
    const [boardRows, threadRows] = await Promise.all([
      app.db.select({ code: boards.code }).from(boards).orderBy(boards.code),
      app.db
        .select({ id: threads.id, bumpedAt: threads.bumpedAt })
        .from(threads)
        .where(eq(threads.isDeleted, false))
        .orderBy(desc(threads.bumpedAt))
        .limit(SITEMAP_THREADS),
    ]);
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(origin.href + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      url('/'),
      url('/recent'),
      url('/popular'),
      ...boardRows.map((board) => url(`/board/${board.code}`)),
      ...threadRows.map((thread) => url(`/thread/${thread.id}`, thread.bumpedAt)),
      '</urlset>',
      '',
    ].join('\n');
    return keepWithOrigin(request, reply, origin, 'public, max-age=300').type('application/xml; charset=utf-8').send(wellFormedXml(xml));
  });
}
