// `npm start`: build what is not built yet, then run the server in this process (so
// SIGTERM and SIGINT reach its graceful shutdown directly). An existing build is used as
// it is: `npm run build` makes a new one (for a deploy: build, then restart the
// instances one by one; the previous build's chunks stay servable, scripts/keep-assets.mjs).
// package.json runs this as `exec node scripts/start.mjs`: npm runs a script through
// `sh -c`, and dash (Debian's sh) does not exec a lone command itself, so without
// `exec` npm's forwarded SIGTERM killed the shell and left this process orphaned.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverMain = path.join(root, 'dist/server/main.js');
const steps = [
  { label: 'web app', script: 'build:web', output: path.join(root, 'dist/web/index.html') },
  // build:web makes it too; alone when a build from before server rendering lacks it.
  { label: 'server render', script: 'build:ssr', output: path.join(root, 'dist/ssr/entry-server.js') },
  { label: 'server', script: 'build:server', output: serverMain },
];
let missing = steps.filter((step) => !existsSync(step.output));
// build:web makes the server render as well.
if (missing.some((step) => step.script === 'build:web')) missing = missing.filter((step) => step.script !== 'build:ssr');

if (missing.length === 0) {
  console.log('Starting the existing build in dist/ (`npm run build` rebuilds it).');
} else {
  // Two plain lines of progress; the tools' own output only when a step fails.
  console.log(missing.length === steps.length ? 'Building Hushboard (first start, about half a minute)...' : 'Building what is missing from dist/...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const { label, script } of missing) {
    const started = Date.now();
    process.stdout.write(`  the ${label}... `);
    const result = spawnSync(npm, ['run', '--silent', script], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    if (result.status !== 0) {
      console.log('failed:');
      process.stdout.write(result.stdout ?? '');
      process.stderr.write(result.stderr ?? '');
      console.error(`Building the ${label} failed; see above.`);
      process.exit(result.status ?? 1);
    }
    console.log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

await import(pathToFileURL(serverMain).href);
