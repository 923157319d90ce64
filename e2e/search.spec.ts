import { createPostViaApi, createThreadViaApi, expect, expectAccessible, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';

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
  await page.route('**/api/search?*', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Database unavailable"}' }));
  await page.goto('/search?q=anything');
  await expect(page.getByRole('alert').filter({ hasText: 'Error searching: Database unavailable' })).toBeVisible();
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
