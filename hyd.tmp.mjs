import chromium from '@sparticuz/chromium';
import { chromium as pw } from '@playwright/test';
const browser = await pw.launch({ executablePath: await chromium.executablePath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const path of ['/thread/6', '/thread/6', '/thread/7']) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(`window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(Math.round(e.startTime) + '+' + Math.round(e.duration)); }).observe({ type: 'longtask', buffered: true });`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`http://127.0.0.1:4401${path}`, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const r = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('ol[aria-label="Replies"] > li button[aria-label="Upvote"]')];
    const marks = performance.getEntriesByType('mark').map((m) => m.name + '@' + Math.round(m.startTime)).join(' '); const h = performance.getEntriesByName('hydrate').map((e) => Math.round(e.startTime) + '+' + Math.round(e.duration)); const withHandlers = buttons.filter((b) => Object.keys(b).some((k) => k === 'l' || k.startsWith('__')) ).length;
    return { h, marks, long: window.__long, buttons: buttons.length, withHandlers };
  });
  console.log(path, JSON.stringify(r), errors);
  await context.close();
}
await browser.close();
