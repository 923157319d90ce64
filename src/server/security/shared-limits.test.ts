// One named limit, one budget (attack review 2). Login is limited to 10 tries a minute
// and registration to 5 in 10 minutes (shared/constants.ts RATE_LIMITS), but each route
// counted on its own: the JSON API and the no-JavaScript form (`/api/login` and `/login`,
// `/api/register` and `/register`) each had the whole budget, and so did account deletion
// (which checks a password under the login limit), so a guesser got twice the tries. The
// write gate names the limit's bucket (plugins/gate.ts), which every route taking it shares.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../shared/constants.js';
import { useTestApp, type TestApp } from '../test/app.js';
import { buildPagesApp } from './pages-app.js';

const t = useTestApp();
let limited: TestApp;

beforeAll(async () => {
  limited = await buildPagesApp(t, { rateLimit: true });
}, 120_000);
afterAll(() => limited?.app.close());

/** A no-JavaScript form post, with the `_csrf` field as the page gives it. */
async function formPost(ip: string, url: string, fields: Record<string, string>) {
  const client = limited.client({ ip });
  await client.get('/api/user');
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, _csrf: client.csrfToken! })) form.append(name, value);
  const body = new Response(form);
  return limited.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': body.headers.get('content-type')! },
    payload: Buffer.from(await body.arrayBuffer()),
  });
}

describe('a named limit is one budget across its routes', () => {
  it('login: the API and the form share 10 tries a minute', async () => {
    const ip = '192.0.2.81';
    const api = limited.client({ ip });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.login.max; i++) statuses.push((await api.post('/api/login', { username: 'nobody', password: 'wrong' })).statusCode);
    expect(statuses).toEqual(Array<number>(RATE_LIMITS.login.max).fill(401));
    const refused = await formPost(ip, '/login', { username: 'nobody', password: 'wrong' });
    expect(refused.statusCode).toBe(429);
    // A browser without JavaScript gets the form's page again, saying when to try, not a JSON body.
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.body).toContain('Too many requests, please try again in');
    // Another address keeps its own budget, on the form too.
    expect((await formPost('192.0.2.82', '/login', { username: 'nobody', password: 'wrong' })).statusCode).toBe(401);
  });

  it('register: the form and the API share 5 in 10 minutes', async () => {
    const ip = '192.0.2.83';
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMITS.register.max; i++) {
      statuses.push((await formPost(ip, '/register', { username: 'x', password: 'p', confirmPassword: 'q' })).statusCode);
    }
    expect(statuses).toEqual(Array<number>(RATE_LIMITS.register.max).fill(400));
    expect((await limited.client({ ip }).post('/api/register', { username: 'x', password: 'p' })).statusCode).toBe(429);
  });
});
