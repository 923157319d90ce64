import { createThreadAs, expect, registerViaApi, test, uniqueUsername } from './fixtures.js';

test('each page names its Atom feed in its HTML and links it in the footer', async ({ page }) => {
  const username = uniqueUsername('feeder');
  await registerViaApi(page, username, 'password1');
  const title = `Worth following ${Date.now()}`;
  await createThreadAs(page, 'g', title, false);
  const userId = ((await (await page.request.get('/api/user')).json()) as { id: number }).id;

  for (const [path, feed] of [
    ['/board/g', '/feeds/boards/g.atom'],
    [`/users/${userId}`, `/feeds/users/${userId}.atom`],
    ['/recent', '/feeds/recent.atom'],
  ] as const) {
    // Feed readers do not run scripts: the server's own HTML names the feed.
    const html = await (await page.request.get(path)).text();
    expect(html).toMatch(new RegExp(`<link rel="alternate" type="application/atom\\+xml" title="[^"]+" href="http://[^"]+${feed.replace(/\./g, '\\.')}" />`));
    await page.goto(path);
    const link = page.getByRole('contentinfo').getByRole('link', { name: /^Atom feed/ });
    await expect(link).toHaveAttribute('href', feed);
  }

  // The board's feed holds the new thread, under its author's name.
  const atom = await page.request.get('/feeds/boards/g.atom');
  expect(atom.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await atom.text();
  expect(xml).toContain(title);
  expect(xml).toContain(`<name>${username}</name>`);
});
