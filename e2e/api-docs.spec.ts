import { expect, test } from './fixtures.js';

// The API reference (issue 18): Swagger UI, self-hosted, under the app's strict CSP.
// The fixture fails the test on any console error, a CSP violation included.
test('the API docs page renders the OpenAPI document, and Try it out sends the CSRF token @desktop', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Hushboard API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/api\/threads\/\{id\}$/ }).first()).toBeVisible();

  // An unsafe request from the page passes the CSRF check: the page sends back the token of the latest answer.
  const logout = page.locator('#operations-Accounts-postLogout');
  await logout.locator('.opblock-summary').click();
  await logout.getByRole('button', { name: 'Try it out' }).click();
  await logout.getByRole('button', { name: 'Execute' }).click();
  await expect(logout.locator('.live-responses-table tbody .response-col_status').first()).toContainText('204');
});
