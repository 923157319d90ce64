import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json), the fields used here. */
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/**
 * The pages people land on from outside (links to a board or a thread, the home page),
 * by the source module the app's router loads for them. Other pages simply load their
 * chunk after the app starts, as before.
 */
const LANDING_PAGES: [pattern: RegExp, module: string][] = [
  [/^\/(recent|popular)?\/?$/, 'pages/HomePage.tsx'],
  [/^\/board\/[^/]+\/?$/, 'pages/BoardPage.tsx'],
  [/^\/thread\/\d+\/?$/, 'pages/ThreadPage.tsx'],
];

/** A page module's manifest key: its source path, or the shared chunk Vite made of it (named after it). */
function keyOf(manifest: Manifest, module: string): string | undefined {
  const keys = Object.keys(manifest);
  const name = path.basename(module, '.tsx');
  return (
    keys.find((key) => key === module || manifest[key]!.src === module) ??
    keys.find((key) => manifest[key]!.isDynamicEntry && manifest[key]!.name === name)
  );
}

/** A manifest entry's file and those of its static imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * For each landing page, <link rel="modulepreload"> tags for its page chunk and the
 * chunks it imports that index.html does not already load. The browser then fetches
 * them with the app's entry instead of after the entry has run: one round trip less
 * before the page's content shows (Lighthouse LCP on a phone).
 */
export function landingPagePreloads(webRoot: string): (pathname: string) => string {
  const file = path.join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedUpFront = entry ? closure(manifest, entry) : new Set<string>();
  const tags = LANDING_PAGES.map(([pattern, module]): [RegExp, string] => {
    const key = keyOf(manifest, module);
    const chunks = key ? [...closure(manifest, key)].filter((chunk) => !loadedUpFront.has(chunk)) : [];
    return [pattern, chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk]!.file}">`).join('\n    ')];
  });
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
