// The app as `npm start` serves it, for the security suite: the web app's own index.html
// (the build's when built, else its source, which has the same slots) and the server
// render, on a test file's database, with the config a test asks for.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { projectRoot, ssrEntryFile, webDistDir } from '../lib/paths.js';
import { loadPageRenderer } from '../modules/pages/index.js';
import { testConfig, TestClient, type TestApp } from '../test/app.js';

/** The page template the server fills in: the built one, or src/web/index.html before a build. */
export function appTemplate(): string {
  const built = path.join(webDistDir, 'index.html');
  return readFileSync(existsSync(built) ? built : path.join(projectRoot, 'src', 'web', 'index.html'), 'utf8');
}

/** Builds dist/ssr when missing (the API tests run before `npm run build` in `npm test`). */
function ensureServerRender() {
  if (existsSync(ssrEntryFile)) return;
  const build = spawnSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'error'], { cwd: projectRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`building the server render failed: ${build.stderr}`);
}

/**
 * Another app on `t`'s database that renders pages, with `config` over the test defaults.
 * `render: false` serves the app shell alone (pages/html.ts sendShell). Close its `app`.
 */
export async function buildPagesApp(t: TestApp, config: Partial<Config> = {}, options: { render?: boolean } = {}): Promise<TestApp> {
  const render = options.render ?? true;
  if (render) ensureServerRender();
  const webRoot = mkdtempSync(path.join(os.tmpdir(), 'hushboard-security-'));
  writeFileSync(path.join(webRoot, 'index.html'), appTemplate());
  const app = await buildApp({ config: testConfig(config), database: t.database, webRoot, pageRenderer: render ? await loadPageRenderer() : null });
  await app.ready();
  return { app, database: t.database, url: t.url, client: (clientOptions) => new TestClient(app, clientOptions?.ip) };
}
