// Proof of work in the browser (CONTRACT.md section 11): a server of this spec's own,
// started with POW=always (the suite's server runs RATE_LIMIT=off, which never demands
// work), where a new user registers with the keyboard alone; the 428's challenge is
// solved in the page's Web Worker and the form goes through with no extra step.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, expectToast, test, uniqueUsername } from './fixtures.js';

let server: ChildProcess | undefined;
let dataDir: string;
let base: string;
let output = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(path.join(tmpdir(), 'hushboard-e2e-pow-'));
  // Run as root, the embedded PostgreSQL runs as another user, who must get through.
  chmodSync(dataDir, 0o755);
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT: 'on', POW: 'always', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 110_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the POW=always server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  test.setTimeout(30_000);
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    // Only the process this spec started; SIGTERM lets it stop its embedded PostgreSQL.
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('registering under POW=always solves the challenge in the browser, with the keyboard alone', { tag: '@desktop' }, async ({ page }) => {
  // Solving takes about a second on an idle machine, longer on a loaded CI box.
  test.setTimeout(90_000);
  const answers: { status: number; pow: string | undefined }[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/register') answers.push({ status: response.status(), pow: response.request().headers()['x-pow'] });
  });
  const username = uniqueUsername('pw');
  await page.goto(`${base}/auth?tab=register`);
  await page.getByLabel('Username').focus();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab'); // past the optional e-mail
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse');
  await page.keyboard.press('Tab');
  await page.keyboard.type('correct horse');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(`${base}/`, { timeout: 60_000 });
  await expectToast(page, 'Registration successful', `Welcome, ${username}!`);
  expect(answers.map((answer) => answer.status)).toEqual([428, 201]);
  expect(answers[0]!.pow).toBeUndefined();
  const solved = JSON.parse(Buffer.from(answers[1]!.pow!, 'base64').toString()) as { algorithm: string; number: number; took: number; salt: string };
  expect(solved).toMatchObject({ algorithm: 'SHA-256', salt: expect.stringContaining('action=register') });
  // For the report: how fast this Chromium's worker hashes.
  test.info().annotations.push({ type: 'proof of work', description: `n=${solved.number} found in ${solved.took} ms` });
  // The progress indicator has gone with the work.
  await expect(page.getByText('Checking this isn’t spam…')).toHaveCount(0);
});
