import { createPostViaApi, createThreadViaApi, expect, expectHydrated, expectToast, registerViaApi, test, uniqueUsername } from './fixtures.js';

// Issue 29 and CONTRACT.md section 14: Markdown rendered by the server, spoilers
// revealed by click or focus (with script and without), the editor's toolbar by
// keyboard and its preview, and drafts kept across a reload.

const SPOILER_TEXT = 'the butler did it';

test('posts show rendered Markdown; a spoiler is revealed by focus or click', { tag: '@desktop' }, async ({ page, browser }) => {
  test.setTimeout(90_000);
  await registerViaApi(page, uniqueUsername('mdread'), 'markdown pass');
  const threadId = await createThreadViaApi(page, 'g', `Markdown thread ${Date.now()}`, `# Heading\n\n**strong** and _em_ ||${SPOILER_TEXT}||\n\n> greentext\n\n<script>alert(1)</script>`);
  const replyId = await createPostViaApi(page, threadId, '- one\n- two\n\n`@nobody`');
  await createPostViaApi(page, threadId, `>>${replyId} see ~~this~~`);

  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);
  const body = page.locator('main .markdown').first();
  await expect(body.getByRole('heading', { name: 'Heading' })).toBeVisible();
  await expect(body.locator('strong')).toHaveText('strong');
  await expect(body.locator('blockquote')).toHaveText('greentext');
  await expect(body).toContainText('<script>alert(1)</script>');
  await expect(page.locator(`#post-${replyId} li`)).toHaveText(['one', 'two']);
  await expect(page.locator(`#post-${replyId} code`)).toHaveText('@nobody');

  // Hidden until clicked; with script it stays revealed once clicked.
  const spoiler = body.locator('.md-spoiler');
  await expect(spoiler).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  // A real mouse click where the bar is drawn.
  const bar = (await spoiler.boundingBox())!;
  await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await page.locator('h1').click();
  await expect(spoiler).not.toHaveCSS('color', 'rgba(0, 0, 0, 0)');

  // A >>reference jumps to its post.
  await page.getByRole('link', { name: `>>${replyId}` }).click();
  await expect(page).toHaveURL(new RegExp(`#post-${replyId}$`));

  // Without JavaScript: the server's page has the same HTML, and focus (Tab, or a click) reveals the spoiler.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noScript = await context.newPage();
  await noScript.goto(page.url().replace(/#.*$/, ''));
  const plainSpoiler = noScript.locator('main .markdown .md-spoiler').first();
  await expect(plainSpoiler).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  await plainSpoiler.focus();
  await expect(plainSpoiler).toBeFocused();
  await expect(plainSpoiler).not.toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  await noScript.locator('h1').click();
  await expect(plainSpoiler).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  const plainBar = (await plainSpoiler.boundingBox())!;
  await noScript.mouse.click(plainBar.x + plainBar.width / 2, plainBar.y + plainBar.height / 2);
  await expect(plainSpoiler).not.toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  // The no-script reply form is a plain textarea, with the help one click away.
  await expect(noScript.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);
  await noScript.getByText('Formatting help').first().click();
  await expect(noScript.getByText('hidden until clicked').first()).toBeVisible();
  await context.close();
});

test('the toolbar works by keyboard, Preview renders, and a draft survives a reload until posted', { tag: '@desktop' }, async ({ page }) => {
  test.setTimeout(120_000);
  await registerViaApi(page, uniqueUsername('mdwrite'), 'markdown pass');
  const threadId = await createThreadViaApi(page, 'g', `Writing thread ${Date.now()}`);
  await page.goto(`/thread/${threadId}`);
  await expectHydrated(page);

  const box = page.getByRole('textbox', { name: 'Your reply' });
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' }).first();
  await box.click();
  await box.pressSequentially('hello');
  await box.press('ControlOrMeta+a');
  // From the text box back to the toolbar by keyboard: Link, Spoiler, Code, Quote, Italic, Bold.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+Tab');
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('**hello**');
  await expect(box).toBeFocused();
  await box.press('End');
  await box.pressSequentially(' and ');
  await box.press('ControlOrMeta+i');
  await page.keyboard.type('tilted');
  await expect(box).toHaveValue('**hello** and _tilted_');
  await box.press('End');
  await box.pressSequentially(' ');
  await toolbar.getByRole('button', { name: 'Spoiler' }).press('Enter');
  await page.keyboard.type('secret');
  await expect(box).toHaveValue('**hello** and _tilted_ ||secret||');

  await toolbar.getByRole('button', { name: 'Preview' }).press('Enter');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('hello');
  await expect(preview.locator('em')).toHaveText('tilted');
  await expect(preview.locator('.md-spoiler')).toContainText('secret');
  await expect(box).toBeHidden();
  await toolbar.getByRole('button', { name: 'Write' }).click();
  await expect(box).toBeVisible();

  // The draft and its anonymity choice come back after a reload.
  await page.getByLabel('Post anonymously').first().uncheck();
  await page.reload();
  await expectHydrated(page);
  await expect(box).toHaveValue('**hello** and _tilted_ ||secret||');
  await expect(page.getByLabel('Post anonymously').first()).not.toBeChecked();

  // Posted: the reply shows rendered, and the draft is gone.
  await page.getByRole('button', { name: 'Post Reply' }).first().click();
  await expectToast(page, 'Reply posted!', 'Your reply has been added to the thread.');
  const reply = page.getByRole('article').filter({ hasText: 'tilted' });
  await expect(reply.locator('strong')).toHaveText('hello');
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('hushboard:draft:')))).toEqual([]);
  await page.reload();
  await expectHydrated(page);
  await expect(box).toHaveValue('');
  await expect(page.getByLabel('Post anonymously').first()).toBeChecked();

  // An inline reply keeps its own draft, and Discard drops it.
  const replyId = Number((await reply.getAttribute('id'))!.replace('post-', ''));
  await reply.getByRole('button', { name: 'Reply' }).click();
  const inline = page.getByRole('textbox', { name: `Reply to post ${replyId}` });
  await inline.fill('an inline draft');
  await page.reload();
  await expectHydrated(page);
  await page.locator(`#post-${replyId}`).getByRole('button', { name: 'Reply' }).click();
  await expect(inline).toHaveValue('an inline draft');
  await expect(box).toHaveValue('');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(inline).toHaveValue('');
  await page.reload();
  await expectHydrated(page);
  await page.locator(`#post-${replyId}`).getByRole('button', { name: 'Reply' }).click();
  await expect(inline).toHaveValue('');
});
