import { createPostViaApi, createThreadViaApi, expect, expectAccessible, expectHydrated, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';

test('search finds a reply, and each tab shows its count', { tag: '@desktop' }, async ({ page }) => {
  const word = `quokka${Date.now().toString(36)}`;
  await registerViaApi(page, uniqueUsername('seek'), 'seek pass');
  const threadId = await createThreadViaApi(page, 'g', `Marsupial questions ${word.slice(-5)}`, 'A thread about animals that are not named here.');
  const postId = await createPostViaApi(page, threadId, `The ${word} smiles in every photo.`);

  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('tab', { name: 'All Results (1)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Threads (0)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Posts (1)' })).toBeVisible();

  await page.getByRole('tab', { name: 'Posts (1)' }).click();
  await expect(page).toHaveURL(`/search?q=${word}&type=posts`);
  const results = page.getByRole('region', { name: /Posts/ }).or(page.locator('section[aria-labelledby="post-results"]'));
  await expect(results.locator('mark').first()).toHaveText(word);
  await results.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/thread/${threadId}(#post-${postId})?$`));
});

test('a query under 3 characters shows a toast and sends no request', { tag: '@desktop' }, async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
  });
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill('ab');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Search query too short', 'Please enter at least 3 characters to search');
  await expect(page).toHaveURL('/');
  expect(searches).toEqual([]);
});

test('a failed search says so', { tag: '@desktop' }, async ({ page }) => {
  // A search opened by address is answered in the server's HTML (a failure there: pages.test.ts);
  // one made in the app asks the API, whose failure the page shows the same way.
  await page.route('**/api/search?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Database unavailable"}' }));
  await page.goto('/');
  await expectHydrated(page);
  await page.getByRole('searchbox', { name: 'Search' }).fill('anything');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/search?q=anything');
  await expect(page.getByRole('alert').filter({ hasText: 'Error searching: Database unavailable' })).toBeVisible();
});

test('a search opened by address comes in the HTML, asking the API nothing', { tag: '@desktop' }, async ({ page }) => {
  const word = `numbat${Date.now().toString(36)}`;
  await registerViaApi(page, uniqueUsername('addr'), 'addr pass');
  await createThreadViaApi(page, 'g', `Termite eaters ${word}`, `The ${word} eats termites.`);
  const searches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
  });
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('tab', { name: 'Threads (1)' })).toBeVisible();
  await expectHydrated(page);
  expect(searches).toEqual([]);
});

test('search results at 1280 and 375 px', async ({ page }, testInfo) => {
  const word = `wombat${Date.now().toString(36)}`;
  await registerViaApi(page, uniqueUsername('shot'), 'shot pass');
  const threadId = await createThreadViaApi(page, 'g', `Burrowing ${word}`, `Where the ${word} digs its burrow.`);
  await createPostViaApi(page, threadId, `A reply that mentions the ${word} once more.`);
  await page.goto(`/search?q=${word}`);
  await expect(page.getByRole('tab', { name: 'All Results (2)' })).toBeVisible();
  await screenshot(page, 'search', testInfo.project.name);
  await expectAccessible(page);
});

test('words typed in the header search before the app hydrates are the ones searched', { tag: '@desktop' }, async ({ page }) => {
  // The app's script is held until the words are in: a reader on a slow phone types first.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('searchbox', { name: 'Search' }).fill('typedearly');
  release();
  await expectHydrated(page);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL('/search?q=typedearly');
});

