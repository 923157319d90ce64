import { expect, test } from './fixtures.js';

const BOARD_CODES = ['g', 'tv', 'mu', 'v', 'lit', 'a', 'ck'];

test('the home page lists the seven boards', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hushboard' })).toBeVisible();
  await expect(page.getByText('Private discussions, public impact').first()).toBeVisible();
  const boards = page.getByRole('region', { name: 'Popular Boards' }).getByRole('link');
  await expect(boards).toHaveCount(BOARD_CODES.length);
  for (const code of BOARD_CODES) {
    await expect(boards.filter({ hasText: `/${code}/` })).toHaveAttribute('href', `/board/${code}`);
  }
});

test('a visitor sees the login button, which opens /auth', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login / Register' }).click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/privacy-focused .* cryptocurrency-powered interactions/)).toBeVisible();
  await page.getByRole('link', { name: 'Hushboard' }).first().click();
  await expect(page).toHaveURL('/');
});

test("a button's own classes win over its variant's: New Thread is a 36 px square icon on a phone @mobile", async ({ page }) => {
  await page.goto('/');
  const newThread = page.getByRole('banner').getByRole('button', { name: 'New Thread' });
  await expect(newThread).toBeVisible();
  // max-sm:size-9 max-sm:px-0 over btn-sm's h-8 px-3 (components/ui/button.css is in the components layer).
  expect(await newThread.boundingBox()).toMatchObject({ width: 36, height: 36 });
});

test('/login redirects to /auth', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveURL('/auth');
  await expect(page.getByRole('tab', { name: 'Register' })).toBeVisible();
});

test('an unknown path shows the not-found page, answered 404', async ({ page }) => {
  // Rendered on the server, the not-found page carries its status (crawlers index no soft 404).
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the footer links to the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Private discussions, public impact')).toBeVisible();
  for (const [name, href] of [['Terms', '/terms'], ['Privacy', '/privacy'], ['Guidelines', '/guidelines']] as const) {
    await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
  }
});

test('the colour mode is kept across reloads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitemradio', { name: 'System' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a header menu works from the keyboard, first use included', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const theme = page.getByRole('button', { name: 'Theme' });
  await expect(theme).toHaveAttribute('aria-haspopup', 'menu');
  await expect(theme).toHaveAttribute('aria-expanded', 'false');

  // The menu's code loads on this first use; it must still open, take focus and hand it back.
  await theme.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(theme).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => page.evaluate(() => document.querySelector('[role="menu"]')?.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(theme).toBeFocused();

  // Later uses open the same, already mounted menu (Radix's own trigger: focus on the first item).
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitemradio', { name: 'Light' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'Dark' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/dark/);
});
