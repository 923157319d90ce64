import { createAdmin, createPostViaApi, createThreadViaApi, expect, expectAccessible, loginViaApi, screenshot, test, uniqueUsername } from './fixtures.js';
import { overflowing } from './overflow.js';

const today = () => new Date().toISOString().slice(0, 10);

test('an admin opens the Dashboard tab by keyboard: charts, the table of the same counts, periods, at 1280 and 320 px', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(90_000);
  const admin = uniqueUsername('dash');
  createAdmin(admin);
  await loginViaApi(page, admin);
  const threadId = await createThreadViaApi(page, 'g', `Dashboard ${Date.now()}`);
  await createPostViaApi(page, threadId, 'A reply the dashboard counts');

  await page.goto('/mod');
  // From the Log tab, one arrow key along the tab list opens the Dashboard.
  await page.getByRole('tab', { name: 'Log' }).click();
  await page.getByRole('tab', { name: 'Log' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Dashboard' });

  // Two charts (uPlot canvases), hidden from screen readers, which get the table instead.
  await expect(panel.getByTestId('stats-chart')).toHaveCount(2);
  await expect(panel.getByTestId('stats-chart').first().locator('canvas').first()).toBeVisible();
  const table = panel.getByRole('table', { name: 'Counts per day (UTC), oldest first' });
  await expect(table.getByRole('row')).toHaveCount(8);
  const todayRow = table.getByRole('row', { name: new RegExp(`^${today()}`) });
  await expect(todayRow.getByRole('cell').first()).not.toHaveText('0');
  await expect(panel.getByText('Active boards')).toBeVisible();

  // The table shown on request, from the keyboard.
  const toggle = panel.getByRole('button', { name: 'Show as a table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  await expect(table).toBeVisible();

  await panel.getByRole('button', { name: '30 days' }).click();
  await expect(panel.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(table.getByRole('row')).toHaveCount(31);
  await screenshot(page, 'mod-dashboard', '1280');
  await expectAccessible(page);

  await page.setViewportSize({ width: 320, height: 740 });
  await expect(panel.getByTestId('stats-chart').first().locator('canvas').first()).toBeVisible();
  const result = await overflowing(page);
  expect.soft(result.scrollWidth, 'the dashboard at 320 px scrolls sideways').toBeLessThanOrEqual(result.clientWidth);
  expect.soft(result.offenders, 'the dashboard at 320 px cuts off').toEqual([]);
  await screenshot(page, 'mod-dashboard', '320');
});
