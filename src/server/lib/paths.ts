import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package root, found the same way from src/ (tsx, tests) and dist/ (built). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot();
export const webDistDir = path.join(projectRoot, 'dist', 'web');
/** The web app's server render (`vite build --ssr`: src/web/entry-server.tsx). */
export const ssrEntryFile = path.join(projectRoot, 'dist', 'ssr', 'entry-server.js');
