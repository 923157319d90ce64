// The no-JavaScript login form (CONTRACT.md section 12) with two-factor sign-in on
// (section 15): the form comes back asking for the code, then signs in with it.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPagesApp } from '../../security/pages-app.js';
import { type TestApp, type TestClient, useTestApp } from '../../test/app.js';
import { signUp } from '../../test/factories.js';

const t = useTestApp();
let pages: TestApp;

beforeAll(async () => {
  pages = await buildPagesApp(t);
}, 240_000);
afterAll(() => pages?.app.close());

async function postForm(client: TestClient, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const body = new Response(form);
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return pages.app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie, 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}

describe('the login form without JavaScript, two-factor sign-in on', () => {
  it('asks for the code (401, the code field shown), refuses a wrong one, and signs in with the right one (303)', async () => {
    const user = await signUp(t);
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    const code = (steps: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });
    expect((await user.client.post('/api/user/totp/verify', { code: code(0) })).statusCode).toBe(200);

    const browser = pages.client();
    const page = await browser.get('/auth');
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    expect(page.body).toContain('Forgot password? Use a recovery code');

    const asked = await postForm(browser, { _csrf: token, username: user.username, password: 'password1' });
    expect(asked.statusCode).toBe(401);
    expect(asked.body).toContain('Two-factor code required');
    expect(asked.body).toContain('name="code"');
    expect(asked.body).toContain('name="twoFactor" value="true"');
    expect(asked.body).not.toContain('password1');

    const wrong = await postForm(browser, { _csrf: token, username: user.username, password: 'password1', twoFactor: 'true', code: '000000' === code(1) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Invalid code');
    expect(wrong.body).toContain('name="code"');

    const right = await postForm(browser, { _csrf: token, username: user.username, password: 'password1', twoFactor: 'true', code: code(1) });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/');
  });
});
