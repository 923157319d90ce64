import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM_BYTES, encode, encodingFor } from '../../lib/content-encoding.js';

/**
 * The page's HTML, compressed as the client takes it. Pages are answered from the
 * not-found handler, which @fastify/compress (an onRoute hook) never reaches: without
 * this a thread page of 100 replies went out as 870 KB of HTML instead of 12 KB.
 */
export async function compressPage(request: FastifyRequest, reply: FastifyReply, html: string): Promise<string | Buffer> {
  const vary = reply.getHeader('Vary');
  reply.header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = html.length < COMPRESS_FROM_BYTES ? null : encodingFor(request.headers['accept-encoding']);
  if (!encoding) return html;
  reply.header('Content-Encoding', encoding);
  return encode(html, encoding);
}
