// `npm start`: build what is missing or older than its sources, then run the server
// in this process (so SIGTERM and SIGINT reach its graceful shutdown directly).
// package.json runs this as `exec node scripts/start.mjs`: npm runs a script through
// `sh -c`, and dash (Debian's sh) does not exec a lone command itself, so without
// `exec` npm's forwarded SIGTERM killed the shell and left this process orphaned.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['dist/server/main.js', 'dist/web/index.html'].map((file) => path.join(root, file));
const inputs = ['src', 'package-lock.json', 'vite.config.ts', 'tsconfig.server.json', 'tsconfig.base.json'].map((file) => path.join(root, file));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
if (builtAt < Math.max(...inputs.map(newestMtime))) {
  // Two plain lines of progress; the tools' own output only when a step fails.
  console.log(builtAt === 0 ? 'Building Hushboard (first start, about half a minute)...' : 'Sources changed: rebuilding...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const [label, script] of [
    ['web app', 'build:web'],
    ['server', 'build:server'],
  ]) {
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

await import(pathToFileURL(outputs[0]).href);
