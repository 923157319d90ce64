import { spawnSync } from 'node:child_process';
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Every test fails on a console error, an uncaught exception or a CSP violation
 * (Chromium logs those as console errors). Two exceptions, both a status Chromium logs
 * as an error though nothing went wrong: failed /api/ responses (the app handles those
 * itself: a 401 from /api/user just means "logged out"), and a page document answered
 * 404 (the server renders a not-found page with the status it deserves).
 */
export const test = base.extend<{ failOnBrowserErrors: void }>({
  failOnBrowserErrors: [
    async ({ page }, use) => {
      const problems: { text: string; url: string }[] = [];
      const notFoundPages = new Set<string>();
      page.on('response', (response) => {
        if (response.status() === 404 && response.request().resourceType() === 'document') notFoundPages.add(response.url());
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const isApiStatus = message.text().startsWith('Failed to load resource') && new URL(message.location().url, 'http://x').pathname.startsWith('/api/');
        if (!isApiStatus) problems.push({ text: message.text(), url: message.location().url });
      });
      page.on('pageerror', (error) => problems.push({ text: `uncaught: ${error.message}`, url: '' }));
      await use();
      // Judged at the end: the console message and the response event come in either order.
      const isNotFoundPage = ({ text, url }: { text: string; url: string }) =>
        text === 'Failed to load resource: the server responded with a status of 404 (Not Found)' && notFoundPages.has(url);
      const reported = problems.filter((problem) => !isNotFoundPage(problem)).map(({ text, url }) => (url ? `console error: ${text} (${url})` : text));
      expect(reported, 'the browser reported errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** A username no other test uses: `prefix` plus a base-36 timestamp and a random tail, at most 20 characters. */
export function uniqueUsername(prefix: string): string {
  const tail = Date.now().toString(36) + Math.floor(Math.random() * 36 ** 3).toString(36);
  return (prefix + tail).slice(0, 20);
}

/** Registers (and so logs in) through the API, sharing the page's cookies. */
export async function registerViaApi(page: Page, username: string, password: string): Promise<void> {
  const first = await page.request.get('/api/user');
  const token = first.headers()['x-csrf-token'] ?? '';
  const response = await page.request.post('/api/register', { data: { username, password }, headers: { 'X-CSRF-Token': token } });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Waits until the server-rendered page has hydrated: a control only the app makes work
 * answers (the theme menu opens). Before that, a form submits as it does without
 * JavaScript, to the server.
 */
export async function expectHydrated(page: Page): Promise<void> {
  // Asked again until it answers: a click before hydration lands on a plain button and does nothing.
  // (Not again once the menu shows: its part may still be loading after an answered click.)
  await expect(async () => {
    if (!(await page.getByRole('menu').isVisible())) await page.getByRole('button', { name: 'Theme' }).click();
    await expect(page.getByRole('menu')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

/** Expects a toast with this title (and description) in the 'Notifications' region. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}

const ADMIN_PASSWORD = 'admin pass 1';

/** Creates (or promotes) an admin with the operator CLI against the e2e server's data directory. */
export function createAdmin(username: string, password = ADMIN_PASSWORD): void {
  const result = spawnSync(process.execPath, ['dist/server/cli.js', 'create-admin', username], {
    input: `${password}\n`,
    env: { ...process.env, DATA_DIR: process.env.HUSHBOARD_E2E_DATA_DIR, PORT: process.env.HUSHBOARD_E2E_PORT, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

/** Logs in through the API, sharing the page's cookies. */
export async function loginViaApi(page: Page, username: string, password = ADMIN_PASSWORD): Promise<void> {
  const first = await page.request.get('/api/user');
  const token = first.headers()['x-csrf-token'] ?? '';
  const response = await page.request.post('/api/login', { data: { username, password }, headers: { 'X-CSRF-Token': token } });
  expect(response.status(), await response.text()).toBe(200);
}

async function csrf(page: Page): Promise<string> {
  return (await page.request.get('/api/user')).headers()['x-csrf-token'] ?? '';
}

/** The numeric id of a seeded board. */
export async function boardId(page: Page, code: string): Promise<number> {
  const response = await page.request.get(`/api/boards/${code}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

/** Creates a thread through the API as the page's user; answers its id. */
export async function createThreadViaApi(page: Page, code: string, title: string, content = 'Some content for this thread.'): Promise<number> {
  const token = await csrf(page);
  const response = await page.request.post('/api/threads', {
    data: { boardId: await boardId(page, code), title, content, isAnonymous: true },
    headers: { 'X-CSRF-Token': token },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Creates a reply through the API as the page's user; answers its id. */
export async function createPostViaApi(page: Page, threadId: number, content: string, replyToId?: number): Promise<number> {
  const token = await csrf(page);
  const response = await page.request.post('/api/posts', {
    data: { threadId, content, isAnonymous: true, ...(replyToId ? { replyToId } : {}) },
    headers: { 'X-CSRF-Token': token },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** A small real PNG (8x8, one colour) for image uploads. */
export const PNG_8X8 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGMwaDiAFTEMLQkAztVcAX2XhiIAAAAASUVORK5CYII=',
  'base64',
);

/** Saves a full-page screenshot under test-results/screens/{name}-{project}.png. */
export async function screenshot(page: Page, name: string, project: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}-${project}.png`, fullPage, animations: 'disabled' });
}

/** No serious or critical axe-core violation on the page as it stands. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(bad, 'axe-core violations').toEqual([]);
}

/** The signed-in user's id (the page's cookies). */
export async function currentUserId(page: Page): Promise<number> {
  const response = await page.request.get('/api/user');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

/** Creates a thread through the API, signed or anonymous as asked; answers its id. */
export async function createThreadAs(page: Page, code: string, title: string, isAnonymous: boolean, content = 'Some content for this thread.'): Promise<number> {
  const token = await csrf(page);
  const response = await page.request.post('/api/threads', {
    data: { boardId: await boardId(page, code), title, content, isAnonymous },
    headers: { 'X-CSRF-Token': token },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Files a report through the API as the page's user. */
export async function reportViaApi(page: Page, target: { threadId: number } | { postId: number }, reason: string): Promise<void> {
  const token = await csrf(page);
  const response = await page.request.post('/api/reports', { data: { ...target, reason }, headers: { 'X-CSRF-Token': token } });
  expect(response.status(), await response.text()).toBe(201);
}
