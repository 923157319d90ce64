// Keeps the previous build's hashed files servable across `npm run build`, for a rolling
// deploy: a page loaded from the old build keeps finding its chunks on an instance that
// already runs the new one (and the web app reloads itself if a chunk is gone anyway,
// src/web/lib/chunk-reload.ts). Vite empties dist/web before it writes, so
// `save` copies the files of the build there now (from its manifest, with their .br and
// .gz copies) aside into dist/.previous-assets, and `restore` puts them back beside the
// new ones after the build. Older builds' files are dropped: what is served is the new
// build and the one before it. index.html is always the new one.
//
//   node scripts/keep-assets.mjs save      before vite build
//   node scripts/keep-assets.mjs restore   after it
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MANIFEST = path.join('.vite', 'manifest.json');

/** The files a build's manifest names (chunks, CSS, assets), relative to the web folder, with their compressed copies. */
export function builtFiles(webDir) {
  const manifest = JSON.parse(readFileSync(path.join(webDir, MANIFEST), 'utf8'));
  const files = new Set();
  for (const entry of Object.values(manifest)) {
    for (const file of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]) {
      if (typeof file !== 'string' || !file.startsWith('assets/')) continue;
      for (const copy of [file, `${file}.br`, `${file}.gz`]) if (existsSync(path.join(webDir, copy))) files.add(copy);
    }
  }
  return [...files].sort();
}

/**
 * Copies the current build's hashed files into `stashDir`. Without a finished build in
 * `webDir` (none yet, or the last build failed after Vite emptied it) the stash is left
 * as it is: it still holds the last good build's files.
 */
export function saveAssets(webDir, stashDir) {
  if (!existsSync(path.join(webDir, MANIFEST))) return [];
  const files = builtFiles(webDir);
  rmSync(stashDir, { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(stashDir, file)), { recursive: true });
    copyFileSync(path.join(webDir, file), path.join(stashDir, file));
  }
  return files;
}

/** Puts the stashed files back into `webDir` where the new build has no file of that name. */
export function restoreAssets(webDir, stashDir) {
  const restored = [];
  const walk = (relative) => {
    const dir = path.join(stashDir, relative);
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(relative, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!existsSync(path.join(webDir, file))) {
        mkdirSync(path.dirname(path.join(webDir, file)), { recursive: true });
        copyFileSync(path.join(stashDir, file), path.join(webDir, file));
        restored.push(file.split(path.sep).join('/'));
      }
    }
  };
  walk('');
  return restored.sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const webDir = path.join(root, 'dist', 'web');
  const stashDir = path.join(root, 'dist', '.previous-assets');
  const command = process.argv[2];
  if (command === 'save') saveAssets(webDir, stashDir);
  else if (command === 'restore') {
    const restored = restoreAssets(webDir, stashDir);
    if (restored.length > 0) console.log(`kept ${restored.length} files of the previous build in dist/web/assets for pages still running it`);
  } else {
    console.error('usage: node scripts/keep-assets.mjs save|restore');
    process.exit(2);
  }
}
