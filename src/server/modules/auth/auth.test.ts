import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bannedIps, sessions, users } from '../../db/schema.js';
import { hashIp } from '../../plugins/client-ip.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { testConfig, useTestApp } from '../../test/app.js';
import { insertBan } from '../../test/factories.js';

const t = useTestApp();
let counter = 0;
const uniqueName = (prefix = 'user') => `${prefix}${Date.now().toString(36).slice(-5)}${counter++}`;

describe('POST /api/register', () => {
  it.each([
    [{ username: 'ab', password: 'pass' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21), password: 'pass' }, 'username', 'Username must be no more than 20 characters'],
    [{ username: 'no spaces', password: 'pass' }, 'username', 'Username can only contain letters, numbers, and underscores'],
    [{ password: 'pass' }, 'username', 'Username is required'],
    [{ username: 'validname', password: 'abc' }, 'password', 'Password must be at least 4 characters'],
    [{ username: 'validname', password: 'pass', email: 'not-an-email' }, 'email', 'Invalid email'],
  ])('refuses %j with 400 and the message for %s', async (body, field, message) => {
    const client = t.client();
    const response = await client.post('/api/register', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: expect.objectContaining({ [field]: message }) });
    const [{ count }] = (await t.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM users WHERE username = 'validname'`)).rows as [{ count: number }];
    expect(count).toBe(0);
  });

  it('creates the account, answers 201 with the user and signs them in', async () => {
    const client = t.client();
    const username = uniqueName('Reg');
    const response = await client.post('/api/register', { username, password: 'pass', email: 'Me@Example.com' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ username, isAdmin: false, email: 'me@example.com', isActive: true });
    const me = await client.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username });
  });

  it('accepts the inclusive boundaries: 3 and 20 characters, a 4-character password', async () => {
    const client = t.client();
    expect((await client.post('/api/register', { username: `x${counter++}`.padEnd(3, '_').slice(0, 3), password: 'abcd' })).statusCode).toBe(201);
    expect((await t.client().post('/api/register', { username: uniqueName('b').padEnd(20, 'z').slice(0, 20), password: 'abcd' })).statusCode).toBe(201);
  });

  it('answers 409 for a taken username in any letter case', async () => {
    const username = uniqueName('Taken');
    await t.client().register(username);
    const response = await t.client().post('/api/register', { username: username.toUpperCase(), password: 'pass' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Username is already taken' });
  });

  it('keeps one account when the same name registers twice at once', async () => {
    const username = uniqueName('race');
    const results = await Promise.all([1, 2, 3].map(() => t.client().post('/api/register', { username, password: 'pass' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });
});

describe('POST /api/login', () => {
  it('gives the spec messages for missing fields', async () => {
    const response = await t.client().post('/api/login', {});
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const username = uniqueName('login');
    await t.client().register(username, 'rightpass');
    const wrong = await t.client().login(username, 'wrongpass');
    const unknown = await t.client().login(uniqueName('ghost'), 'wrongpass');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or password' });
    expect(unknown.body).toBe(wrong.body);
  });

  it('signs in with any letter case, records lastLoginAt and starts a new session id', async () => {
    const username = uniqueName('Case');
    const client = t.client();
    await client.register(username, 'rightpass');
    const before = client.cookies.get(SESSION_COOKIE);
    await t.database.db.update(users).set({ lastLoginAt: new Date('2020-01-01') }).where(eq(users.username, username));
    const response = await client.login(username.toLowerCase(), 'rightpass');
    expect(response.statusCode).toBe(200);
    expect(new Date(response.json().lastLoginAt).getFullYear()).toBeGreaterThan(2020);
    const after = client.cookies.get(SESSION_COOKIE);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    // The old session id is gone: replaying it is a visitor.
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, before!);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('does not let a suspended account in, and ends its sessions', async () => {
    const username = uniqueName('susp');
    const client = t.client();
    await client.register(username, 'rightpass');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.username, username));
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const response = await t.client().login(username, 'rightpass');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This account has been suspended' });
  });
});

describe('sessions', () => {
  it('GET /api/user answers 401 to a visitor', async () => {
    const response = await t.client().get('/api/user');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Not logged in' });
  });

  it('logout answers 204 and destroys the session server-side', async () => {
    const client = t.client();
    const user = await client.register(uniqueName('out'));
    const token = client.cookies.get(SESSION_COOKIE)!;
    const countSessions = async () =>
      (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await countSessions()).toBe(1);
    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(204);
    expect(await countSessions()).toBe(0);
    const replay = t.client();
    replay.cookies.set(SESSION_COOKIE, token);
    expect((await replay.get('/api/user')).statusCode).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const client = t.client();
    const response = await client.post('/api/register', { username: uniqueName('ck'), password: 'pass' });
    const cookie = String(response.headers['set-cookie']).split(/,(?=\s*\w+=)/).find((c) => c.includes(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it('a visitor who only reads gets no cookie and writes nothing to the database', async () => {
    const [{ count: before }] = (await t.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM sessions`)).rows as [{ count: number }];
    const client = t.client();
    const response = await client.get('/api/boards');
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(client.cookies.size).toBe(0);
    const [{ count: after }] = (await t.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM sessions`)).rows as [{ count: number }];
    expect(after).toBe(before);
  });
});

describe('CSRF', () => {
  it('puts X-CSRF-Token on every response', async () => {
    for (const url of ['/api/boards', '/api/user', '/api/nope', '/healthz']) {
      expect((await t.client().get(url)).headers['x-csrf-token']).toBeTruthy();
    }
  });

  it('refuses a mutation without the token with 403', async () => {
    const client = t.client();
    await client.get('/api/user');
    const response = await client.post('/api/register', { username: uniqueName('nocsrf'), password: 'pass' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Invalid or missing CSRF token' });
  });

  it("refuses another client's token with 403 once the client has its CSRF cookie", async () => {
    const victim = t.client();
    const attacker = t.client({ ip: '192.0.2.44' });
    // The victim's first unsafe request sets its cookie (a failed login is enough).
    expect((await victim.post('/api/login', { username: 'x', password: 'y' })).statusCode).toBe(401);
    expect(victim.cookies.has('hb_csrf')).toBe(true);
    await attacker.get('/api/user');
    expect(attacker.csrfToken).not.toBe(victim.csrfToken);
    const response = await victim.post('/api/login', { username: 'x', password: 'y' }, { csrf: false, headers: { 'x-csrf-token': attacker.csrfToken! } });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a token sent with a session but without its CSRF cookie', async () => {
    const client = t.client();
    await client.register(uniqueName('nocookie'));
    client.cookies.delete('hb_csrf');
    const response = await client.post('/api/logout');
    expect(response.statusCode).toBe(403);
  });

  it('accepts the token in the X-CSRF-Token header', async () => {
    const client = t.client();
    const response = await client.post('/api/register', { username: uniqueName('hdr'), password: 'pass' });
    expect(response.statusCode).toBe(201);
  });

  it('gives each client its own cookie and token, and refuses the token with another cookie', async () => {
    const clients = Array.from({ length: 20 }, (_, i) => t.client({ ip: `192.0.2.${100 + i}` }));
    for (const client of clients) expect((await client.post('/api/login', { username: 'x', password: 'y' })).statusCode).toBe(401);
    expect(new Set(clients.map((client) => client.cookies.get('hb_csrf'))).size).toBe(20);
    expect(new Set(clients.map((client) => client.csrfToken)).size).toBe(20);
    for (const client of [clients[0]!, clients[10]!, clients[19]!]) {
      expect((await client.post('/api/login', { username: 'x', password: 'y' })).statusCode).toBe(401);
      expect((await client.post('/api/login', { username: 'x', password: 'y' }, { csrf: false, headers: { 'x-csrf-token': clients[1]!.csrfToken! } })).statusCode).toBe(403);
    }
  });

  it('accepts the token as a _csrf body field', async () => {
    const client = t.client();
    await client.get('/api/user');
    const response = await client.post('/api/register', { username: uniqueName('body'), password: 'pass', _csrf: client.csrfToken }, { csrf: false });
    expect(response.statusCode).toBe(201);
  });
});

describe('bans on accounts', () => {
  it('refuses register and login from a banned IP hash, with the reason, until the ban expires', async () => {
    const ip = '198.51.100.7';
    const username = uniqueName('banned');
    await t.client().register(username, 'rightpass');
    const ipHash = hashIp(testConfig().secret, ip);
    await insertBan(t, { ipHash, reason: 'spam' });

    const client = t.client({ ip });
    const register = await client.post('/api/register', { username: uniqueName('b2'), password: 'pass' });
    expect(register.statusCode).toBe(403);
    expect(register.json()).toEqual({ message: 'You are banned: spam', ban: { reason: 'spam', expiresAt: null, appealable: true } });
    expect((await client.login(username, 'rightpass')).statusCode).toBe(403);
    expect((await t.client().login(username, 'rightpass')).statusCode).toBe(200);

    await t.database.db.update(bannedIps).set({ reason: null }).where(eq(bannedIps.ipHash, ipHash));
    expect((await client.login(username, 'rightpass')).json()).toEqual({ message: 'You are banned', ban: { reason: null, expiresAt: null, appealable: true } });

    await t.database.db.update(bannedIps).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(bannedIps.ipHash, ipHash));
    expect((await client.login(username, 'rightpass')).statusCode).toBe(200);
  });
});

describe('privacy of account responses', () => {
  it('never sends a password, its hash or a session id', async () => {
    const client = t.client();
    const password = 'hunter2-secret';
    const bodies = [
      (await client.post('/api/register', { username: uniqueName('priv'), password })).body,
      (await client.get('/api/user')).body,
    ];
    const username = JSON.parse(bodies[0]!).username as string;
    bodies.push((await client.login(username, password)).body);
    const sessionToken = client.cookies.get(SESSION_COOKIE)!;
    for (const body of bodies) {
      expect(body).not.toContain(password);
      expect(body).not.toMatch(/argon2|passwordHash|"password"/);
      expect(body).not.toContain(sessionToken);
    }
  });
});
