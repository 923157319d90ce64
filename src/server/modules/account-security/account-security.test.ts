import { eq, sql } from 'drizzle-orm';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { recoveryCodes, sessions, totpSecrets, users } from '../../db/schema.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { useTestApp, type TestClient } from '../../test/app.js';
import { createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The code an authenticator app shows for `secret`, `steps` 30-second steps from now. */
const codeFor = (secret: string, steps = 0) => TOTP.generate({ secret: secretOf(secret), timestamp: Date.now() + steps * 30_000 });
const secretOf = (base32: string) => new TOTP({ secret: base32 }).secret;

const put = (client: TestClient, url: string, body: unknown) => client.request('PUT', url, { body });
const del = (client: TestClient, url: string, body?: unknown) => client.request('DELETE', url, body === undefined ? {} : { body });

/** A user with two-factor sign-in on: its secret and its ten recovery codes. */
async function withTotp(user?: TestUser) {
  const owner = user ?? (await signUp(t));
  const start = await owner.client.post('/api/user/totp');
  expect(start.statusCode).toBe(200);
  const { secret, otpauthUrl } = start.json() as { secret: string; otpauthUrl: string };
  expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Hushboard:.+\?.*secret=/);
  const verify = await owner.client.post('/api/user/totp/verify', { code: codeFor(secret) });
  expect(verify.statusCode).toBe(200);
  const { recoveryCodes: codes } = verify.json() as { recoveryCodes: string[] };
  return { user: owner, secret, codes };
}

const sessionCount = async (userId: number) => (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

describe('two-factor sign-in (TOTP)', () => {
  it('enrols with a typed code: wrong, then right; the secret is sealed at rest; ten codes shown once', async () => {
    const user = await signUp(t);
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    const wrong = await user.client.post('/api/user/totp/verify', { code: '000000' === codeFor(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid code', errors: { code: 'Invalid code' } });
    expect((await user.client.post('/api/user/totp/verify', {})).json()).toEqual({ message: 'Code is required', errors: { code: 'Code is required' } });
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const right = await user.client.post('/api/user/totp/verify', { code: codeFor(secret) });
    expect(right.statusCode).toBe(200);
    const { recoveryCodes: codes } = right.json() as { recoveryCodes: string[] };
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // At rest: neither the base32 secret nor its bytes; no code in the clear.
    const [row] = await t.database.db.select().from(totpSecrets).where(eq(totpSecrets.userId, user.id));
    expect(row!.secretSealed).not.toContain(secret);
    expect(row!.secretSealed).not.toContain(Buffer.from(secretOf(secret).bytes).toString('base64url'));
    const dump = JSON.stringify(await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id)));
    for (const code of codes) {
      expect(dump).not.toContain(code);
      expect(dump).not.toContain(code.replace('-', ''));
    }
    // Starting again while on is a conflict, and changes nothing.
    const again = await user.client.post('/api/user/totp');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Two-factor sign-in is already on' });
  });

  it('refuses a verify without an enrolment, and an expired enrolment, changing nothing', async () => {
    const user = await signUp(t);
    const none = await user.client.post('/api/user/totp/verify', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Start two-factor setup first');
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    await t.database.db.update(totpSecrets).set({ enrolExpiresAt: new Date(Date.now() - 1000) }).where(eq(totpSecrets.userId, user.id));
    const expired = await user.client.post('/api/user/totp/verify', { code: codeFor(secret) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Two-factor setup expired: please start again', errors: { code: 'Two-factor setup expired: please start again' } });
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // A pending enrolment does not ask sign-ins for a code.
    expect((await t.client().login(user.username)).statusCode).toBe(200);
  });

  it('signs in with password + code; without a code, or with a wrong one, a 401 that says so', async () => {
    const { user, secret } = await withTotp();
    const browser = t.client();
    const missing = await browser.login(user.username);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'Two-factor code required', twoFactorRequired: true });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    const wrong = await browser.post('/api/login', { username: user.username, password: 'password1', code: '12345' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid code' });
    // A wrong password with a code is still the password's answer.
    const badPassword = await browser.post('/api/login', { username: user.username, password: 'nope', code: codeFor(secret, 1) });
    expect(badPassword.json()).toEqual({ message: 'Invalid username or password' });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);

    const right = await browser.post('/api/login', { username: user.username, password: 'password1', code: codeFor(secret, 1) });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ username: user.username });
    expect((await browser.get('/api/user')).statusCode).toBe(200);
  });

  it('refuses a code already used for the last sign-in step (replay), and older ones', async () => {
    const { user, secret } = await withTotp();
    const code = codeFor(secret, 1);
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code })).statusCode).toBe(200);
    const replay = await t.client().post('/api/login', { username: user.username, password: 'password1', code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'This code was already used: wait for the next one' });
    // The enrolment's own code (the step before) is older still.
    const older = await t.client().post('/api/login', { username: user.username, password: 'password1', code: codeFor(secret) });
    expect(older.statusCode).toBe(401);
  });

  it('disables with a code (a wrong one changes nothing) and signs out the other sessions', async () => {
    const { user, secret } = await withTotp();
    const other = t.client();
    expect((await other.post('/api/login', { username: user.username, password: 'password1', code: codeFor(secret, 1) })).statusCode).toBe(200);
    const wrong = await del(user.client, '/api/user/totp', { code: '999999' === codeFor(secret, -1) ? '888888' : '999999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Invalid code', errors: { code: 'Invalid code' } });
    expect((await other.get('/api/user')).statusCode).toBe(200);
    // The step after the last sign-in's is beyond the window: a recovery code turns it off.
    const { codes } = { codes: ((await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] }).recoveryCodes };
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[0] })).statusCode).toBe(200);
    expect((await del(user.client, '/api/user/totp', { code: codes[1] })).statusCode).toBe(204);
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: false, recoveryCodesLeft: 8 });
    expect(await sessionCount(user.id)).toBe(1);
    expect((await t.client().login(user.username)).statusCode).toBe(200);
    const notOn = await del(user.client, '/api/user/totp', { code: codes[2] });
    expect(notOn.json()).toEqual({ message: 'Two-factor sign-in is not on', errors: { code: 'Two-factor sign-in is not on' } });
  });

  it('enabling signs out the other sessions', async () => {
    const user = await signUp(t);
    const other = t.client();
    expect((await other.login(user.username)).statusCode).toBe(200);
    await withTotp(user);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await user.client.get('/api/user')).statusCode).toBe(200);
  });
});

describe('recovery codes', () => {
  it('sign in in place of a lost second factor, each once', async () => {
    const { user, codes } = await withTotp();
    // Case, spaces and a missing dash do not matter.
    const typed = ` ${codes[3]!.toUpperCase().replace('-', ' ')} `;
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: typed })).statusCode).toBe(200);
    const reused = await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[3] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: 'Invalid code' });
    expect((await user.client.get('/api/user/totp')).json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
  });

  it('regenerate with the password: ten new, the old ones stop working', async () => {
    const { user, codes } = await withTotp();
    const wrong = await user.client.post('/api/user/recovery-codes', { password: 'wrong' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Password is incorrect', errors: { password: 'Password is incorrect' } });
    const fresh = (await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] };
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes.some((code) => codes.includes(code))).toBe(false);
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[0] })).statusCode).toBe(401);
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: fresh.recoveryCodes[0] })).statusCode).toBe(200);
  });
});

describe('POST /api/recover', () => {
  it('sets a new password with an unused code and signs in; anonymous writing stays the account\'s own; the code and the old password stop working', async () => {
    const { user, codes } = await withTotp();
    const thread = await createThread(t, user, { isAnonymous: true, title: 'Mine, anonymously' });
    const other = t.client();
    expect((await other.post('/api/login', { username: user.username, password: 'password1', code: codes[9] })).statusCode).toBe(200);

    const browser = t.client();
    const wrong = await browser.post('/api/recover', { username: user.username, recoveryCode: 'aaaaa-aaaaa', newPassword: 'brand-new' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid username or recovery code' });
    const unknown = await browser.post('/api/recover', { username: 'nobody_here', recoveryCode: codes[0], newPassword: 'brand-new' });
    expect(unknown.json()).toEqual(wrong.json());
    const short = await browser.post('/api/recover', { username: user.username, recoveryCode: codes[0], newPassword: 'abc' });
    expect(short.json()).toEqual({ message: 'Password must be at least 4 characters', errors: { newPassword: 'Password must be at least 4 characters' } });
    // Nothing changed by the refusals: the old password still opens it.
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[8] })).statusCode).toBe(200);

    const recovered = await browser.post('/api/recover', { username: user.username, recoveryCode: codes[0], newPassword: 'brand-new' });
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toMatchObject({ username: user.username });
    // Every other session is signed out; this browser is signed in.
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await user.client.get('/api/user')).statusCode).toBe(401);
    expect(await sessionCount(user.id)).toBe(1);
    // The anonymous thread is still the account's own through its key.
    const seen = (await browser.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean; userId: number | null };
    expect(seen).toMatchObject({ isOwn: true, userId: null });
    const activity = (await browser.get(`/api/users/${user.id}/threads`)).json() as { id: number }[];
    expect(activity.map((item) => item.id)).toContain(thread.id);

    // The code is used up; the old password no longer works; the new one (with a code) does.
    const reused = await t.client().post('/api/recover', { username: user.username, recoveryCode: codes[0], newPassword: 'another-one' });
    expect(reused.statusCode).toBe(401);
    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[1] })).json()).toEqual({ message: 'Invalid username or password' });
    const again = t.client();
    expect((await again.post('/api/login', { username: user.username, password: 'brand-new', code: codes[1] })).statusCode).toBe(200);
    expect(((await again.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean }).isOwn).toBe(true);
    // Recovery keeps the second factor on.
    expect((await again.get('/api/user/totp')).json()).toMatchObject({ enabled: true });
  });

  it('works for an account without two-factor sign-in that made recovery codes', async () => {
    const user = await signUp(t);
    const thread = await createThread(t, user, { isAnonymous: true });
    const { recoveryCodes: codes } = (await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] };
    const browser = t.client();
    expect((await browser.post('/api/recover', { username: user.username, recoveryCode: codes[5], newPassword: 'fresh-pass' })).statusCode).toBe(200);
    expect(((await browser.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean }).isOwn).toBe(true);
    expect((await t.client().login(user.username, 'fresh-pass')).statusCode).toBe(200);
  });
});

describe('PUT /api/user/password', () => {
  it('needs the current password; re-wraps the key (codes stay good); signs out the other sessions', async () => {
    const { user, codes } = await withTotp();
    const thread = await createThread(t, user, { isAnonymous: true });
    const other = t.client();
    expect((await other.post('/api/login', { username: user.username, password: 'password1', code: codes[0] })).statusCode).toBe(200);
    const [before] = await t.database.db.select().from(users).where(eq(users.id, user.id));

    const wrong = await put(user.client, '/api/user/password', { currentPassword: 'nope', newPassword: 'changed1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Password is incorrect', errors: { currentPassword: 'Password is incorrect' } });
    const short = await put(user.client, '/api/user/password', { currentPassword: 'password1', newPassword: 'abc' });
    expect(short.json().errors).toEqual({ newPassword: 'Password must be at least 4 characters' });
    expect((await other.get('/api/user')).statusCode).toBe(200);
    expect((await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]).toEqual(before);

    expect((await put(user.client, '/api/user/password', { currentPassword: 'password1', newPassword: 'changed1' })).statusCode).toBe(204);
    const [after] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.authorKeyWrapped).not.toBe(before!.authorKeyWrapped);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await user.client.get('/api/user')).statusCode).toBe(200);
    expect(((await user.client.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean }).isOwn).toBe(true);

    expect((await t.client().post('/api/login', { username: user.username, password: 'password1', code: codes[1] })).statusCode).toBe(401);
    const fresh = t.client();
    expect((await fresh.post('/api/login', { username: user.username, password: 'changed1', code: codes[1] })).statusCode).toBe(200);
    expect(((await fresh.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean }).isOwn).toBe(true);
    // A recovery code made before the change still opens the same key.
    const recovered = t.client();
    expect((await recovered.post('/api/recover', { username: user.username, recoveryCode: codes[2], newPassword: 'changed2' })).statusCode).toBe(200);
    expect(((await recovered.get(`/api/threads/${thread.id}`)).json() as { isOwn: boolean }).isOwn).toBe(true);
  });

  it('refuses a visitor (401) and a missing CSRF token (403)', async () => {
    expect((await put(t.client(), '/api/user/password', { currentPassword: 'a', newPassword: 'bbbb' })).statusCode).toBe(401);
    const user = await signUp(t);
    expect((await user.client.request('PUT', '/api/user/password', { body: { currentPassword: 'password1', newPassword: 'bbbbb' }, csrf: false })).statusCode).toBe(403);
    expect((await t.client().login(user.username)).statusCode).toBe(200);
  });
});

describe('the sessions list', () => {
  it('lists browser words, times and "this one"; never an address, a token or a row id', async () => {
    const user = await signUp(t);
    const firefox = t.client({ ip: '203.0.113.9' });
    expect((await firefox.request('POST', '/api/login', { body: { username: user.username, password: 'password1' }, headers: { 'user-agent': FIREFOX } })).statusCode).toBe(200);
    const response = await firefox.get('/api/user/sessions');
    expect(response.statusCode).toBe(200);
    const list = response.json() as { id: string; current: boolean; browser: string | null; createdAt: string; lastUsedAt: string }[];
    expect(list).toHaveLength(2);
    const mine = list.find((session) => session.current)!;
    expect(mine.browser).toBe('Firefox on Windows');
    expect(list.filter((session) => session.current)).toHaveLength(1);
    for (const session of list) expect(Object.keys(session).sort()).toEqual(['browser', 'createdAt', 'current', 'id', 'lastUsedAt']);
    const rowIds = (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((row) => row.id);
    for (const secret of [firefox.cookies.get(SESSION_COOKIE)!, user.client.cookies.get(SESSION_COOKIE)!, ...rowIds, '203.0.113.9', FIREFOX]) {
      expect(response.body).not.toContain(secret);
    }
    // Only the words are stored, never the header.
    const stored = JSON.stringify(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id)));
    expect(stored).not.toContain('Gecko');
    expect((await t.client().get('/api/user/sessions')).statusCode).toBe(401);
  });

  it('"last used" is what the hourly-rounded slide keeps, never a request\'s instant', async () => {
    const user = await signUp(t);
    const slid = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000 + 30 * 24 * 3_600_000);
    await t.database.db.update(sessions).set({ createdAt: sql`now() - interval '5 days'`, expiresAt: slid }).where(eq(sessions.userId, user.id));
    const [session] = (await user.client.get('/api/user/sessions')).json() as { lastUsedAt: string }[];
    expect(new Date(session!.lastUsedAt).getTime() % 3_600_000).toBe(0);
    expect(new Date(session!.lastUsedAt).getTime()).toBe(slid.getTime() - 30 * 24 * 3_600_000);
  });

  it('signs out one session, or all others; another account\'s id and nonsense are 404', async () => {
    const user = await signUp(t);
    const [second, third] = [t.client(), t.client()];
    for (const client of [second, third]) expect((await client.login(user.username)).statusCode).toBe(200);
    const list = (await user.client.get('/api/user/sessions')).json() as { id: string; current: boolean }[];
    const secondId = ((await second.get('/api/user/sessions')).json() as { id: string; current: boolean }[]).find((s) => s.current)!.id;

    const stranger = await signUp(t);
    expect((await del(stranger.client, `/api/user/sessions/${secondId}`)).statusCode).toBe(404);
    expect((await del(user.client, '/api/user/sessions/not-a-session')).json()).toEqual({ message: 'Session not found' });
    expect((await second.get('/api/user')).statusCode).toBe(200);

    expect((await del(user.client, `/api/user/sessions/${secondId}`)).statusCode).toBe(204);
    expect((await second.get('/api/user')).statusCode).toBe(401);
    expect((await third.get('/api/user')).statusCode).toBe(200);
    expect(list).toHaveLength(3);

    expect((await del(user.client, '/api/user/sessions')).statusCode).toBe(204);
    expect((await third.get('/api/user')).statusCode).toBe(401);
    expect((await user.client.get('/api/user')).statusCode).toBe(200);
    const left = (await user.client.get('/api/user/sessions')).json() as { id: string; current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);

    // Its own id signs this browser out, as logout does.
    expect((await del(user.client, `/api/user/sessions/${left[0]!.id}`)).statusCode).toBe(204);
    expect((await user.client.get('/api/user')).statusCode).toBe(401);
  });
});
