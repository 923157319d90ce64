// Prints the gzip size of the JavaScript and CSS each route loads (issue 8 web budget),
// from Vite's build manifest, and writes it to dist/web-budget.json for the benchmark.
// A route loads the entry chunk, its page chunk and their static imports; dialogs and
// forms behind dynamic imports load later, on demand, and are not counted.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'dist/web');
const manifest = JSON.parse(readFileSync(path.join(webDir, '.vite/manifest.json'), 'utf8'));
const routesSource = readFileSync(path.join(root, 'src/web/routes.tsx'), 'utf8');

/** Budget of issue 8, for the thread route. */
const BUDGET = { js: 130 * 1024, css: 15 * 1024 };

const gzipSize = (file) => gzipSync(readFileSync(path.join(webDir, file)), { level: 9 }).length;

/** The chunk files a manifest entry loads up front: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

function sizesOf(keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { js: sum(js), css: sum(css), files: [...js] };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = [...routesSource.matchAll(/path: '([^']+)', \.\.\.page\(\(\) => import\('\.\/(pages\/\w+)'\)/g)].map(([, route, module]) => ({ route, module: `${module}.tsx` }));

/** A page's manifest key: its source path, or the shared chunk Vite made of it. */
const keyOf = (module) =>
  Object.keys(manifest).find((key) => key === module || manifest[key].src === module) ??
  Object.keys(manifest).find((key) => manifest[key].isDynamicEntry && manifest[key].name === path.basename(module, '.tsx'));

const report = routes.map(({ route, module }) => {
  const keys = closure(entryKey);
  // A page small enough for experimentalMinChunkSize to fold into the entry has no key: it loads with the entry.
  closure(keyOf(module) ?? entryKey, keys);
  const { js, css } = sizesOf(keys);
  return { route, js, css };
});

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('\nJS and CSS each route loads (gzip):');
for (const { route, js, css } of report) console.log(`  ${route.padEnd(18)} JS ${kb(js).padStart(9)}   CSS ${kb(css).padStart(8)}`);
const thread = report.find((entry) => entry.route === '/thread/:id');
if (thread) {
  const ok = (value, limit) => (value <= limit ? 'within' : 'OVER');
  console.log(`  thread route budget: JS ${kb(thread.js)} ${ok(thread.js, BUDGET.js)} ${kb(BUDGET.js)}, CSS ${kb(thread.css)} ${ok(thread.css, BUDGET.css)} ${kb(BUDGET.css)}`);
}
writeFileSync(path.join(root, 'dist/web-budget.json'), `${JSON.stringify({ budget: BUDGET, routes: report }, null, 2)}\n`);
