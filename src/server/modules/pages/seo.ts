import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { boards, threads } from '../../db/schema.js';
import { escapeXml, wellFormedXml } from '../../lib/xml.js';

/** Threads the sitemap lists: the most recently active. Crawlers find older ones through board pages. */
export const SITEMAP_THREADS = 1000;

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * `GET /robots.txt` and `GET /sitemap.xml` (CONTRACT.md section 12): the reading pages
 * are open to crawlers, the API, the signed-in user's tools and the form posts are not.
 * The sitemap names boards and recent threads by URL and date only, so a premium
 * thread is listed without anything of its content.
 */
export async function seoRoutes(app: FastifyInstance) {
  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /auth',
      'Disallow: /mod',
      'Disallow: /premium',
      'Disallow: /saved',
      'Disallow: /users/*/edit',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
    ];
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(`${lines.join('\n')}\n`);
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
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
      `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
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
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(wellFormedXml(xml));
  });
}
