// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to each text
// file of the built web app, once per build. The server sends them as they are
// (@fastify/static's preCompressed, see src/server/plugins/web-app.ts): smaller than
// what on-the-fly compression at a cheap level gives, and no CPU spent per request.
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..', 'dist', 'web');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|webmanifest|wasm|ico)$/;
// index.html is a template the server fills in per page: it is never sent as stored.
const NEVER = new Set([path.join(root, 'index.html')]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

// The previous build's files kept beside the new ones (scripts/keep-assets.mjs) bring their
// copies along: a hashed name never changes its content.
const compressedAlready = (file) => existsSync(`${file}.br`) || existsSync(`${file}.gz`);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // .vite holds the build manifest, which is not served.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name) && !NEVER.has(full) && !compressedAlready(full)) yield full;
  }
}

let count = 0;
let rawBytes = 0;
let brBytes = 0;
for await (const file of files(root)) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: (await stat(file)).size,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file is not worth sending; the server then sends the file itself.
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
  count++;
  rawBytes += raw.length;
  brBytes += Math.min(br.length, raw.length);
}
console.log(`precompressed ${count} files: ${(rawBytes / 1024).toFixed(0)} KB, ${(brBytes / 1024).toFixed(0)} KB as Brotli`);
