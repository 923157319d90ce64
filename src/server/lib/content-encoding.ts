import { promisify } from 'node:util';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** @fastify/compress's own brotli quality: most of the gain at a fraction of 11's time. */
const BROTLI_QUALITY = 4;
/** Below this a body is sent as it is, as @fastify/compress's threshold in security.ts. */
export const COMPRESS_FROM_BYTES = 1024;

/** br or gzip, whichever the client takes (br first; `q=0` refuses one), else null. */
export function encodingFor(acceptEncoding: string | undefined): ContentEncoding | null {
  const taken = new Set<string>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (q === undefined || Number(q) > 0) taken.add(name.trim());
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return null;
}

/** The body compressed, off the event loop (zlib's thread pool). */
export function encode(body: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzip(body);
}
