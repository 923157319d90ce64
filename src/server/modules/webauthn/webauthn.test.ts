// Passkeys (CONTRACT.md section 15) through the real API, with a software authenticator
// (src/server/test/passkey-authenticator.ts) in place of the browser's.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PASSKEY_CHALLENGE_EXPIRED,
  PASSKEY_CHALLENGE_INVALID,
  PASSKEY_NOT_FOUND,
  PASSKEY_REFUSED,
  PASSKEY_UNKNOWN,
  UNLOCK_REQUIRED,
} from '../../../shared/schemas/webauthn.js';
import { sessions, users, webauthnChallenges, webauthnCredentials } from '../../db/schema.js';
import { hashIp } from '../../plugins/client-ip.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { testConfig, useTestApp, type TestClient } from '../../test/app.js';
import { createReply, createThread, insertBan, signUp, type TestUser } from '../../test/factories.js';
import { type Site, SoftwareAuthenticator, TEST_SITE } from '../../test/passkey-authenticator.js';

const t = useTestApp();

/** Adds a passkey from `authenticator` to the signed-in client's account. */
async function addPasskey(client: TestClient, authenticator: SoftwareAuthenticator, name = 'My laptop', site: Site = TEST_SITE) {
  const options = await client.post('/api/webauthn/registration/options');
  expect(options.statusCode).toBe(200);
  const made = authenticator.register(options.json(), site);
  return client.post('/api/webauthn/registration', { name, response: made.response, ...(made.prfOutput ? { prfOutput: made.prfOutput } : {}) });
}

/** The sign-in ceremony from a client of its own: options, the authenticator's answer, the verification. */
async function signInWith(authenticator: SoftwareAuthenticator, client: TestClient = t.client(), site: Site = TEST_SITE) {
  const options = await client.post('/api/webauthn/authentication/options');
  expect(options.statusCode).toBe(200);
  const answer = authenticator.authenticate(options.json(), site);
  const body = { response: answer.response, ...(answer.prfOutput ? { prfOutput: answer.prfOutput } : {}) };
  return { client, body, response: await client.post('/api/webauthn/authentication', body) };
}

const sessionCount = async (userId: number) => (await t.database.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).length;

/** An anonymous reply by `author` (password session), and whether `viewer` sees it as theirs. */
async function anonymousReplyOf(author: TestUser) {
  const thread = await createThread(t, author, { isAnonymous: false });
  const reply = await createReply(author, thread.id, { isAnonymous: true, content: 'Mine, anonymously' });
  const isOwnFor = async (viewer: TestClient) => {
    const detail = (await viewer.get(`/api/threads/${thread.id}`)).json() as { posts: { id: number; isOwn: boolean }[] };
    return detail.posts.find((post) => post.id === reply.id)?.isOwn;
  };
  return { thread, reply, isOwnFor };
}

describe('adding, listing, renaming and removing passkeys', () => {
  it('adds a named passkey, lists it with its dates, renames and removes it', async () => {
    const owner = await signUp(t);
    const added = await addPasskey(owner.client, new SoftwareAuthenticator({ prf: true }), 'Work laptop');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null, unlocksAnonymousPosts: true });
    const { id } = added.json() as { id: number };
    expect((await owner.client.get('/api/webauthn/passkeys')).json()).toEqual([added.json()]);

    const renamed = await owner.client.request('PATCH', `/api/webauthn/passkeys/${id}`, { body: { name: '  Phone  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id, name: 'Phone' });
    const blank = await owner.client.request('PATCH', `/api/webauthn/passkeys/${id}`, { body: { name: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Name your passkey', errors: { name: 'Name your passkey' } });

    expect((await owner.client.request('DELETE', `/api/webauthn/passkeys/${id}`)).statusCode).toBe(204);
    expect((await owner.client.get('/api/webauthn/passkeys')).json()).toEqual([]);
  });

  it("refuses renaming or removing another user's passkey with 404, changing nothing", async () => {
    const [owner, other] = await Promise.all([signUp(t), signUp(t)]);
    const { id } = (await addPasskey(owner.client, new SoftwareAuthenticator(), 'Kept')).json() as { id: number };
    for (const response of [
      await other.client.request('PATCH', `/api/webauthn/passkeys/${id}`, { body: { name: 'Taken' } }),
      await other.client.request('DELETE', `/api/webauthn/passkeys/${id}`),
      await other.client.request('DELETE', '/api/webauthn/passkeys/999999'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: PASSKEY_NOT_FOUND });
    }
    expect((await owner.client.get('/api/webauthn/passkeys')).json()).toEqual([expect.objectContaining({ id, name: 'Kept' })]);
    expect((await t.client().get('/api/webauthn/passkeys')).statusCode).toBe(401);
  });

  it("refuses an answer to another account's registration challenge, and the same passkey twice", async () => {
    const [owner, other] = await Promise.all([signUp(t), signUp(t)]);
    const options = await owner.client.post('/api/webauthn/registration/options');
    const made = new SoftwareAuthenticator().register(options.json(), TEST_SITE);
    const stolen = await other.client.post('/api/webauthn/registration', { name: 'Stolen', response: made.response });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ message: PASSKEY_CHALLENGE_INVALID });
    expect((await other.client.get('/api/webauthn/passkeys')).json()).toEqual([]);
    // The challenge went with that try: the owner's own answer is refused too.
    expect((await owner.client.post('/api/webauthn/registration', { name: 'Late', response: made.response })).statusCode).toBe(400);
  });

  it('refuses a registration made on another origin or for another site', async () => {
    const owner = await signUp(t);
    for (const site of [{ origin: 'https://evil.example', rpId: 'localhost' }, { origin: 'http://localhost', rpId: 'evil.example' }]) {
      const response = await addPasskey(owner.client, new SoftwareAuthenticator(), 'Phished', site);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: PASSKEY_REFUSED });
    }
    expect((await owner.client.get('/api/webauthn/passkeys')).json()).toEqual([]);
  });
});

describe('signing in with a passkey alone', () => {
  it('with PRF: signs in without a username, and the session manages the anonymous posts', async () => {
    const author = await signUp(t);
    const { reply, isOwnFor } = await anonymousReplyOf(author);
    const authenticator = new SoftwareAuthenticator({ prf: true });
    expect((await addPasskey(author.client, authenticator)).statusCode).toBe(201);

    const { client, response } = await signInWith(authenticator);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { id: author.id, username: author.username }, unlocked: true });
    expect(client.cookies.get(SESSION_COOKIE)).toBeDefined();
    expect((await client.get('/api/user')).json()).toMatchObject({ id: author.id });
    expect(await isOwnFor(client)).toBe(true);
    expect((await client.request('DELETE', `/api/posts/${reply.id}`)).statusCode).toBe(204);
    const [passkey] = (await client.get('/api/webauthn/passkeys')).json() as { lastUsedAt: string | null }[];
    expect(passkey!.lastUsedAt).not.toBeNull();
  });

  it('never stores the PRF output or the author key in the clear', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator({ prf: true });
    const options = await author.client.post('/api/webauthn/registration/options');
    const made = authenticator.register(options.json(), TEST_SITE);
    expect((await author.client.post('/api/webauthn/registration', { name: 'Key', response: made.response, prfOutput: made.prfOutput })).statusCode).toBe(201);
    const { rows } = await t.database.db.execute(sql`SELECT row_to_json(c)::text AS row FROM webauthn_credentials c WHERE user_id = ${author.id}`);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(made.prfOutput!);
    expect(text).not.toContain(Buffer.from(made.prfOutput!, 'base64url').toString('hex'));
  });

  it('without PRF: the session works, and asks for the password once when the key is needed', async () => {
    const author = await signUp(t);
    const { thread, isOwnFor } = await anonymousReplyOf(author);
    const authenticator = new SoftwareAuthenticator({ prf: false });
    expect((await addPasskey(author.client, authenticator)).json()).toMatchObject({ unlocksAnonymousPosts: false });

    const { client, response } = await signInWith(authenticator);
    expect(response.json()).toMatchObject({ user: { id: author.id }, unlocked: false });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect(await isOwnFor(client)).toBe(false);

    // Posting (anonymously or not) and voting need the key: 403, told why, nothing written.
    const before = (await client.get(`/api/threads/${thread.id}`)).json().posts.length as number;
    const refused = await client.post('/api/posts', { threadId: thread.id, content: 'Anonymous again', isAnonymous: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: UNLOCK_REQUIRED, unlockRequired: true });
    expect((await client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 })).json()).toMatchObject({ unlockRequired: true });
    expect((await client.get(`/api/threads/${thread.id}`)).json().posts.length).toBe(before);

    const wrong = await client.post('/api/webauthn/unlock', { password: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Password is incorrect', errors: { password: 'Password is incorrect' } });
    expect((await client.post('/api/webauthn/unlock', { password: 'password1' })).json()).toEqual({ unlocked: true });

    expect((await client.post('/api/posts', { threadId: thread.id, content: 'Anonymous again', isAnonymous: true })).statusCode).toBe(201);
    expect(await isOwnFor(client)).toBe(true);
    // Once: the session keeps it, the next request too.
    expect((await client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 })).statusCode).toBe(200);
  });

  it('a passkey added without PRF can be given it later, from a session whose key is open', async () => {
    const author = await signUp(t);
    // An authenticator that gives no PRF output at registration (some give it only at sign-in).
    const authenticator = new SoftwareAuthenticator({ prf: true });
    const options = await author.client.post('/api/webauthn/registration/options');
    const made = authenticator.register(options.json(), TEST_SITE);
    const { id } = (await author.client.post('/api/webauthn/registration', { name: 'Later', response: made.response })).json() as { id: number };
    const assertion = authenticator.authenticate((await author.client.post('/api/webauthn/authentication/options')).json(), TEST_SITE);
    const enabled = await author.client.post(`/api/webauthn/passkeys/${id}/prf`, { response: assertion.response, prfOutput: assertion.prfOutput });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toMatchObject({ id, unlocksAnonymousPosts: true });
    expect((await signInWith(authenticator)).response.json()).toMatchObject({ unlocked: true });
  });

  it('refuses a replayed assertion: the challenge is spent, and no second session starts', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator({ prf: true });
    await addPasskey(author.client, authenticator);
    const { body, response } = await signInWith(authenticator);
    expect(response.statusCode).toBe(200);
    const sessionsBefore = await sessionCount(author.id);
    const replay = await t.client().post('/api/webauthn/authentication', body);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: PASSKEY_CHALLENGE_INVALID });
    expect(replay.headers['set-cookie'] ?? '').not.toContain(`${SESSION_COOKIE}=`);
    expect(await sessionCount(author.id)).toBe(sessionsBefore);
  });

  it('refuses a signature whose counter did not rise (a cloned authenticator)', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(author.client, authenticator);
    expect((await signInWith(authenticator)).response.statusCode).toBe(200);
    authenticator.credentials[0]!.counter -= 1;
    const clone = await signInWith(authenticator);
    expect(clone.response.statusCode).toBe(400);
    expect(clone.response.json()).toEqual({ message: PASSKEY_REFUSED });
  });

  it('refuses an assertion made on another origin or for another site', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(author.client, authenticator);
    for (const site of [{ origin: 'https://evil.example', rpId: 'localhost' }, { origin: 'http://localhost', rpId: 'evil.example' }]) {
      const { client, response } = await signInWith(authenticator, t.client(), site);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: PASSKEY_REFUSED });
      expect((await client.get('/api/user')).statusCode).toBe(401);
    }
  });

  it('refuses an expired challenge', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator();
    await addPasskey(author.client, authenticator);
    const client = t.client();
    const options = (await client.post('/api/webauthn/authentication/options')).json() as { challenge: string };
    await t.database.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(webauthnChallenges.challenge, options.challenge));
    const response = await client.post('/api/webauthn/authentication', { response: authenticator.authenticate(options, TEST_SITE).response });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PASSKEY_CHALLENGE_EXPIRED });
    expect((await client.get('/api/user')).statusCode).toBe(401);
  });

  it('refuses an unknown credential, and a removed one', async () => {
    const stranger = new SoftwareAuthenticator();
    stranger.register({ user: { id: 'eA' }, challenge: 'x' }, TEST_SITE);
    const unknown = await signInWith(stranger);
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json()).toEqual({ message: PASSKEY_UNKNOWN });

    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator();
    const { id } = (await addPasskey(author.client, authenticator)).json() as { id: number };
    expect((await author.client.request('DELETE', `/api/webauthn/passkeys/${id}`)).statusCode).toBe(204);
    expect((await signInWith(authenticator)).response.json()).toEqual({ message: PASSKEY_UNKNOWN });
  });

  it('follows the login rules: a suspended account, a banned address', async () => {
    const author = await signUp(t);
    const authenticator = new SoftwareAuthenticator({ prf: true });
    await addPasskey(author.client, authenticator);
    const before = await sessionCount(author.id);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, author.id));
    const suspended = await signInWith(authenticator);
    expect(suspended.response.statusCode).toBe(403);
    expect(suspended.response.json()).toEqual({ message: 'This account has been suspended' });
    expect(await sessionCount(author.id)).toBe(before);
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, author.id));

    const ip = '198.51.100.77';
    await insertBan(t, { ipHash: hashIp(testConfig().secret, ip), reason: 'spam' });
    const banned = await signInWith(authenticator, t.client({ ip }));
    expect(banned.response.statusCode).toBe(403);
    expect(banned.response.json()).toMatchObject({ message: 'You are banned: spam' });
    expect(await sessionCount(author.id)).toBe(before);
  });

  it("the account's passkeys go with the account", async () => {
    const author = await signUp(t);
    await addPasskey(author.client, new SoftwareAuthenticator());
    expect((await author.client.request('DELETE', '/api/user', { body: { password: 'password1' } })).statusCode).toBe(204);
    expect(await t.database.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, author.id))).toEqual([]);
  });
});
