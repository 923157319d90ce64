// A page opened before a deploy asks for a chunk the server no longer has: it reloads
// once into the current build (src/web/lib/chunk-reload.ts), and never loops.
// The base test, not ./fixtures.js: the refused chunk is a console error on purpose.
import { expect, type Page, test } from '@playwright/test';

const LEGAL_CHUNK = /\/assets\/LegalPages-[^/]+\.js$/;

/** Counts the page's document loads and collects its errors, but the refused chunk's 404 and /api/ statuses. */
function watch(page: Page) {
  const seen = { documents: 0, problems: [] as string[] };
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) seen.documents++;
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // As in ./fixtures.js, a failed /api/ response is the app's to handle (a visitor's 401 from /api/user).
    const url = new URL(message.location().url, 'http://x');
    const expected = message.text().startsWith('Failed to load resource') && (url.pathname.startsWith('/api/') || LEGAL_CHUNK.test(url.pathname));
    if (!expected) seen.problems.push(message.text());
  });
  page.on('pageerror', (error) => seen.problems.push(error.message));
  return seen;
}

test('a page chunk gone since a deploy reloads the page once, into the page asked for', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hushboard' })).toBeVisible();
  // Gone once: the reloaded page gets it. (A handler that stays, not `times: 1`: Playwright
  // turning interception off while the page asks the server something stalled that request.)
  let refused = 0;
  await page.route(LEGAL_CHUNK, (route) => (refused++ === 0 ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }) : route.continue()));

  await page.getByRole('contentinfo').getByRole('link', { name: 'Guidelines' }).click();
  await expect(page.getByRole('heading', { name: 'Community Guidelines' })).toBeVisible();
  await expect(page).toHaveURL('/guidelines');
  expect(seen.documents).toBe(2);
  expect(refused).toBe(2);
  expect(seen.problems).toEqual([]);
});

test('a chunk missing after the reload too shows the error page, without reloading again', async ({ page }) => {
  const seen = watch(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hushboard' })).toBeVisible();
  await page.route(LEGAL_CHUNK, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }));

  await page.getByRole('contentinfo').getByRole('link', { name: 'Guidelines' }).click();
  await expect.poll(() => seen.documents).toBe(2);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  // Time for a loop to show itself.
  await page.waitForTimeout(1_500);
  expect(seen.documents).toBe(2);
  await expect(page).toHaveURL('/guidelines');
  expect(seen.problems).toEqual([]);
});
