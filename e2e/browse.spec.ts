import type { Page } from '@playwright/test';
import { createPostViaApi, createThreadViaApi, expect, expectAccessible, expectHydrated, expectToast, registerViaApi, screenshot, test, uniqueUsername } from './fixtures.js';

/** A thread with a reply, made by a throwaway user whose cookies are then dropped. */
async function seedThread(page: Page, title: string): Promise<number> {
  await registerViaApi(page, uniqueUsername('seed'), 'seed pass');
  const id = await createThreadViaApi(page, 'g', title, 'Thread body with a link https://example.com/docs and more text.');
  await createPostViaApi(page, id, 'A first reply to look at.');
  await page.context().clearCookies();
  return id;
}

test('a visitor browses home, a board and a thread', async ({ page }) => {
  const title = `Browsing ${Date.now()}`;
  const id = await seedThread(page, title);

  await page.goto('/');
  await expect(page).toHaveTitle('Hushboard');
  await page.getByRole('tab', { name: 'Recent Threads' }).click();
  await expect(page).toHaveURL('/recent');
  await expect(page.getByRole('region', { name: 'Recent Threads' }).getByRole('link', { name: title, exact: true })).toBeVisible();

  await page.goto('/board/g');
  await expect(page.getByRole('heading', { level: 1, name: /^\/g\/ - / })).toBeVisible();
  await expect(page).toHaveTitle(/\/g\//);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card.getByText('1 reply')).toBeVisible();
  await expect(card.getByText('Anonymous')).toBeVisible();
  await card.getByRole('link', { name: `View Thread: ${title}` }).click();

  await expect(page).toHaveURL(`/thread/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title));
  const link = page.getByRole('link', { name: 'https://example.com/docs' });
  await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(page.getByText('A first reply to look at.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Auto ON/ })).toBeVisible();
  await page.getByRole('button', { name: /^Auto ON/ }).click();
  await expect(page.getByRole('button', { name: /^Auto OFF/ })).toBeVisible();
  await page.getByRole('link', { name: 'Back to /g/' }).click();
  await expect(page).toHaveURL('/board/g');
});

test('the board sort really changes the order, and the catalog shows thumbnails', { tag: '@desktop' }, async ({ page }) => {
  await registerViaApi(page, uniqueUsername('sort'), 'sort pass');
  const older = await createThreadViaApi(page, 'lit', `Older ${Date.now()}`);
  const newer = await createThreadViaApi(page, 'lit', `Newer ${Date.now()}`);
  await createPostViaApi(page, older, 'bump the older one');

  await page.goto('/board/lit?sort=activity');
  const titles = page.getByRole('region', { name: 'Threads' }).getByRole('heading', { level: 3 });
  await expect(titles.first()).toHaveText(/^Older/);
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  await expect(titles.first()).toHaveText(/^Newer/);
  expect(newer).toBeGreaterThan(older);

  await page.getByRole('button', { name: 'Catalog' }).click();
  await expect(page.getByRole('list', { name: 'Catalog' }).getByRole('link').first()).toContainText('No Image');
});

test("a thread's HTML carries its data, and the app hydrates from it without fetching the thread", async ({ page }) => {
  const title = `Preloaded ${Date.now()}`;
  const id = await seedThread(page, title);
  const fetches: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/threads/${id}`) fetches.push(request.url());
  });
  await page.goto(`/thread/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // Rendered on the server with the thread dehydrated into the page: nothing to preload, nothing asked again.
  await expect(page.locator('#page-state')).toHaveCount(1);
  expect(await page.locator('#page-state').textContent()).toContain(title);
  await expect(page.locator(`link[rel="preload"][as="fetch"][href="/api/threads/${id}"]`)).toHaveCount(0);
  // Hydrated, and still no request for the thread.
  await expectHydrated(page);
  expect(fetches).toEqual([]);

  // Icons repeated on every reply are drawn once, in the page's sprite, and referenced (components/icons/sprite.tsx).
  const html = await (await page.request.get(`/thread/${id}`)).text();
  expect(html.match(/<symbol id="icon-arrow-big-up"/g)).toHaveLength(1);
  // The thread's upvote and the reply's.
  expect(html.match(/aria-label="Upvote"[^>]*>\s*<svg[^>]*>\s*<use href="#icon-arrow-big-up">/g)).toHaveLength(2);
  const replyUpvote = page.locator('article[id^="post-"]').getByRole('button', { name: 'Upvote' }).locator('svg');
  await expect(replyUpvote.locator('use')).toHaveAttribute('href', '#icon-arrow-big-up');
  // Painted: the <use> takes its size from the drawing it found, none if the symbol were missing.
  for (const box of [await replyUpvote.boundingBox(), await replyUpvote.locator('use').boundingBox()]) {
    expect(box?.width).toBeGreaterThan(0);
    expect(box?.height).toBeGreaterThan(0);
  }

  // Signed in, the page is rendered for the reader (private, no-store) and hydrates the same way.
  await registerViaApi(page, uniqueUsername('reader'), 'reader pass');
  await page.goto(`/thread/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectHydrated(page);
  expect(fetches).toEqual([]);
});

test('an unknown board and an unknown thread show their not-found screens, answered 404', async ({ page }) => {
  expect((await page.goto('/board/nope'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Board not found' })).toBeVisible();
  await expect(page.getByText("This board doesn't exist or couldn't be loaded.")).toBeVisible();
  expect((await page.goto('/thread/99999999'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Thread Not Found' })).toBeVisible();
  await expect(page.getByText("The thread you're looking for doesn't exist or has been removed.")).toBeVisible();
});

test('a visitor who tries to reply is refused and sent to log in', async ({ page }) => {
  const id = await seedThread(page, `Refusal ${Date.now()}`);
  await page.goto(`/thread/${id}`);
  await expect(page.getByLabel('Post anonymously')).toHaveCount(0);
  await page.getByLabel('Your reply').fill('I am not logged in');
  await page.getByRole('button', { name: 'Post Reply' }).click();
  await expectToast(page, 'Authentication required', 'You must be logged in to post a reply. Please sign in or create an account.');
  await expect(page).toHaveURL('/auth');
});

test('a visitor who tries to create a thread is refused and sent to log in', async ({ page }) => {
  await page.goto('/board/g');
  await page.getByRole('button', { name: 'Create New Thread' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Thread' });
  await expect(dialog.getByText('Create a new thread to start a discussion')).toBeVisible();
  await expect(dialog.getByLabel('Board')).toHaveValue(/\d+/);
  await dialog.getByRole('button', { name: 'Create Thread' }).click();
  await expectToast(page, 'Authentication required', 'You must be logged in to create a thread. Please sign in or create an account.');
  await expect(page).toHaveURL('/auth');
});

test('the legal pages carry their sections and date', { tag: '@desktop' }, async ({ page }) => {
  for (const [path, heading, sections] of [['/terms', 'Terms of Service', 12], ['/privacy', 'Privacy Policy', 13], ['/guidelines', 'Community Guidelines', 0]] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Last updated October 18, 2025')).toBeVisible();
    if (sections) await expect(page.getByRole('main').getByRole('article').getByRole('heading', { level: 2 })).toHaveCount(sections);
  }
  await expect(page.getByText('IP ban', { exact: true })).toBeVisible();
});

test('the mobile drawer and board strip', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await page.goto('/board/g');
  const strip = page.getByRole('navigation', { name: 'Boards' });
  await expect(strip.getByRole('link', { name: /^\/tv\// })).toBeVisible();
  await expect(strip.getByRole('link', { name: /^\/g\// })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('complementary', { name: 'Boards' })).toBeHidden();

  const events = page.evaluate(
    () =>
      new Promise<boolean[]>((resolve) => {
        const seen: boolean[] = [];
        document.addEventListener('hushboard:mobile-menu', (event) => {
          seen.push((event as CustomEvent<{ open: boolean }>).detail.open);
          if (seen.length === 2) resolve(seen);
        });
      }),
  );
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Login / Register' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Premium Membership' })).toBeVisible();
  await screenshot(page, 'drawer', testInfo.project.name, false);
  await expect(drawer.getByRole('link', { name: /\/g\/.*Technology/i })).toHaveAttribute('aria-current', 'page');
  await drawer.getByRole('link', { name: /^\/mu\// }).click();
  await expect(page).toHaveURL('/board/mu');
  await expect(drawer).toBeHidden();
  expect(await events).toEqual([true, false]);

  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search' }).fill('ab');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Search query too short', 'Please enter at least 3 characters to search');
});

test('screenshots and accessibility of the main screens', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const id = await seedThread(page, `Screens ${Date.now()}`);

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Popular Boards' }).getByRole('link')).toHaveCount(7);
  await screenshot(page, 'home', project);
  await expectAccessible(page);

  await page.goto('/board/g');
  await expect(page.getByRole('region', { name: 'Threads' }).getByRole('article').first()).toBeVisible();
  await screenshot(page, 'board', project);
  await expectAccessible(page);

  await page.goto(`/thread/${id}`);
  await expect(page.getByText('A first reply to look at.')).toBeVisible();
  await screenshot(page, 'thread', project);
  await expectAccessible(page);

  await page.getByRole('banner').getByRole('button', { name: 'New Thread' }).click();
  await expect(page.getByRole('dialog', { name: 'New Thread' })).toBeVisible();
  await page.waitForTimeout(200);
  await screenshot(page, 'create-thread-dialog', project, false);
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await screenshot(page, 'auth', project);
  await expectAccessible(page);

  await page.goto('/nowhere/at/all');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await screenshot(page, '404', project);
  await expectAccessible(page);
});

test('search finds a thread, and every palette keeps AA contrast', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(60_000);
  const word = `zebra${Date.now().toString(36)}`;
  await registerViaApi(page, uniqueUsername('find'), 'find pass');
  await createThreadViaApi(page, 'g', `Searching for ${word}`, `The ${word} is in this body.`);
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/search?q=${word}`);
  await expect(page.getByRole('link', { name: `Searching for ${word}` })).toBeVisible();
  await expect(page.locator('mark').first()).toHaveText(word);
  await page.getByRole('tab', { name: 'Posts' }).click();
  await expect(page.getByText('No posts found.')).toBeVisible();

  for (const mode of ['light', 'dark']) {
    for (const palette of ['default', 'forest', 'sunset', 'ocean', 'midnight']) {
      await page.evaluate(
        ([m, p]: string[]) => {
          localStorage.setItem('theme', m!);
          localStorage.setItem('app-theme', p!);
          localStorage.setItem('custom-theme-enabled', 'true');
        },
        [mode, palette],
      );
      await page.goto('/board/g');
      await expect(page.getByRole('region', { name: 'Threads' }).getByRole('article').first()).toBeVisible();
      await expectAccessible(page);
    }
  }
});
