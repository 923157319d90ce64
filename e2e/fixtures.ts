import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/**
 * Every test fails on a console error, an uncaught exception or a CSP violation
 * (Chromium logs those as console errors). Failed /api/ responses are the one
 * exception: Chromium logs every 4xx as an error, and the app handles those itself
 * (a 401 from /api/user just means "logged out").
 */
export const test = base.extend<{ failOnBrowserErrors: void }>({
  failOnBrowserErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const isApiStatus = message.text().startsWith('Failed to load resource') && new URL(message.location().url, 'http://x').pathname.startsWith('/api/');
        if (!isApiStatus) problems.push(`console error: ${message.text()} (${message.location().url})`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      expect(problems, 'the browser reported errors').toEqual([]);
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

/** Expects a toast with this title (and description) in the 'Notifications' region. */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const region = page.getByRole('region', { name: /Notifications/ });
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description, { exact: true })).toBeVisible();
}
