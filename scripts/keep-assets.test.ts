import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreAssets, saveAssets } from './keep-assets.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A temp dist/: web/ and the stash beside it. */
function dist() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'hushboard-keep-assets-'));
  dirs.push(root);
  return { web: path.join(root, 'web'), stash: path.join(root, '.previous-assets') };
}

/** What Vite does: empty the folder, write the files, the index and the manifest. */
function viteBuild(web: string, build: string, extra: Record<string, string> = {}) {
  rmSync(web, { recursive: true, force: true });
  mkdirSync(path.join(web, 'assets'), { recursive: true });
  mkdirSync(path.join(web, '.vite'));
  const files = { [`assets/index-${build}.js`]: `entry ${build}`, [`assets/ThreadPage-${build}.js`]: `page ${build}`, [`assets/index-${build}.css`]: 'css', ...extra };
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(web, file), text);
  writeFileSync(path.join(web, `assets/index-${build}.js.br`), 'br');
  writeFileSync(path.join(web, 'index.html'), `<script src="/assets/index-${build}.js"></script>`);
  const manifest = {
    'index.html': { file: `assets/index-${build}.js`, css: [`assets/index-${build}.css`], dynamicImports: ['pages/ThreadPage.tsx'] },
    'pages/ThreadPage.tsx': { file: `assets/ThreadPage-${build}.js` },
  };
  writeFileSync(path.join(web, '.vite/manifest.json'), JSON.stringify(manifest));
}

const assets = (web: string) => readdirSync(path.join(web, 'assets')).sort();

describe('keeping the previous build servable (scripts/keep-assets.mjs)', () => {
  it('keeps the files of the build before, drops older ones, and the index is the new one', () => {
    const { web, stash } = dist();
    // The first build: nothing to keep.
    expect(saveAssets(web, stash)).toEqual([]);
    viteBuild(web, 'aaa');
    expect(restoreAssets(web, stash)).toEqual([]);

    expect(saveAssets(web, stash)).toEqual(['assets/ThreadPage-aaa.js', 'assets/index-aaa.css', 'assets/index-aaa.js', 'assets/index-aaa.js.br']);
    viteBuild(web, 'bbb');
    expect(restoreAssets(web, stash)).toHaveLength(4);
    expect(assets(web)).toEqual(['ThreadPage-aaa.js', 'ThreadPage-bbb.js', 'index-aaa.css', 'index-aaa.js', 'index-aaa.js.br', 'index-bbb.css', 'index-bbb.js', 'index-bbb.js.br']);

    // The third build keeps the second's files only.
    saveAssets(web, stash);
    viteBuild(web, 'ccc');
    restoreAssets(web, stash);
    expect(assets(web).filter((file) => file.includes('aaa'))).toEqual([]);
    expect(assets(web).filter((file) => file.includes('bbb'))).toHaveLength(4);
    expect(assets(web).filter((file) => file.includes('ccc'))).toHaveLength(4);
  });

  it('does not overwrite a file the new build wrote, and survives a failed build', () => {
    const { web, stash } = dist();
    viteBuild(web, 'aaa');
    saveAssets(web, stash);
    // An unchanged chunk keeps its name: the new build's file stays.
    viteBuild(web, 'aaa');
    writeFileSync(path.join(web, 'assets/index-aaa.js'), 'written by the new build');
    expect(restoreAssets(web, stash)).toEqual([]);
    expect(readFileSync(path.join(web, 'assets/index-aaa.js'), 'utf8')).toBe('written by the new build');

    // A build that failed after Vite emptied the folder: the next save keeps the stash.
    rmSync(web, { recursive: true, force: true });
    mkdirSync(web);
    expect(saveAssets(web, stash)).toEqual([]);
    viteBuild(web, 'bbb');
    restoreAssets(web, stash);
    expect(existsSync(path.join(web, 'assets/index-aaa.js'))).toBe(true);
    expect(existsSync(path.join(web, 'assets/index-bbb.js'))).toBe(true);
  });
});
