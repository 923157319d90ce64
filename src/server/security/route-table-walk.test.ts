// Every state-changing route, as the router has it, walked through the write gate
// (plugins/gate.ts; issue 28). For each POST, PUT, PATCH and DELETE route, the JSON API
// and the HTML form posts alike, a request that would otherwise succeed (real ids, a
// valid body, a signed-in admin) is refused, and changes no table, when it comes
//   (a) without a CSRF token, (b) from another origin, (c) from a banned address (the
//   routes CONTRACT.md section 6 names), (d) without proof of work under POW=always
//   (the routes of section 11),
// through each spelling of its path the router takes for it: as is, percent-encoded
// (`/%61pi/...`, `/%74hread/...`) and absolute-form (`http://host/api/...`). Then the
// same request with all in order goes through, so the refusals were the gate's.
//
// A route added without an entry in `cases` below fails the first test, naming it.
import { Secret, TOTP } from 'otpauth';
import { canonicalAddress } from '../lib/client-address.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PowAction } from '../../shared/constants.js';
import { createIpHasher } from '../lib/ip-prefix.js';
import { useTestApp } from '../test/app.js';
import { boardId, createReply, createThread, signUp, uniqueName, type TestUser } from '../test/factories.js';
import { SoftwareAuthenticator, TEST_SITE } from '../test/passkey-authenticator.js';
import {
  fingerprint,
  freshAddress,
  json,
  knownAddress,
  multipart,
  powFor,
  SECRET,
  send,
  spellingsOf,
  startGatedApp,
  type Answer,
  type GatedApp,
  type Sent,
} from './gate-harness.js';

const t = useTestApp();
let gated: GatedApp;
let admin: TestUser;
let author: TestUser;
const BANNED_IP = '10.250.0.1';
/** The forms' banned address: a named limit is one budget for the API and its form (shared-limits.test.ts), so they walk from two. */
const BANNED_FORM_IP = '10.250.0.2';
const EVIL = 'https://evil.example';
const CSRF_REFUSED = 'Invalid or missing CSRF token';
const hashOf = (ip: string) => createIpHasher(SECRET).hashesOf(canonicalAddress(ip)).ip;

/** CONTRACT.md section 6: a ban refuses registering, logging in, posting, voting, tipping and reporting. */
const BANNED_FROM = new Set([
  'POST /api/register',
  'POST /api/login',
  'POST /api/webauthn/authentication',
  'POST /api/threads',
  'POST /api/posts',
  'POST /api/threads/:id/vote',
  'POST /api/posts/:id/vote',
  'POST /api/polls/:id/vote',
  'POST /api/crypto/tips',
  'POST /api/reports',
  // Editing is writing (CONTRACT.md section 14): a ban that stops a post stops rewriting one.
  'PATCH /api/threads/:id',
  'PATCH /api/posts/:id',
  'POST /register',
  'POST /login',
  'POST /new-thread',
  'POST /thread/:id/reply',
  'POST /thread/:id/poll/:pollId',
  // A password reset with a recovery code is a sign-in (CONTRACT.md section 15).
  'POST /api/recover',
]);

/** CONTRACT.md section 11: proof of work on registering, logging in, starting a thread and replying. */
const WORK_FOR: Record<string, PowAction> = {
  'POST /api/register': 'register',
  'POST /api/login': 'login',
  'POST /api/threads': 'thread',
  'POST /api/posts': 'reply',
  'POST /register': 'register',
  'POST /login': 'login',
  'POST /new-thread': 'thread',
  'POST /thread/:id/reply': 'reply',
  'POST /api/recover': 'login',
};

/** One route's request that would succeed: its path with real ids, its fields, whose session. */
interface Case {
  path: string;
  fields: Record<string, unknown>;
  /** An HTML form (multipart, `_csrf` field) rather than JSON (X-CSRF-Token). */
  form?: boolean;
  /** Whose session: the admin's (default), a user's of its own (the route ends it), or none. */
  session?: 'admin' | 'own' | 'none';
  /** A session of this user instead (a route about the account's credentials, set up beforehand). */
  as?: TestUser;
  /** The statuses of the request let through; unset where its success needs a chain (payments, wallets). */
  ok?: number[];
  /** Where the request let through comes from, when not a fresh address (an appeal: the banned one). */
  from?: string;
}

const cases: Record<string, () => Promise<Case>> = {
  'POST /api/register': async () => ({ path: '/api/register', fields: { username: uniqueName('walk'), password: 'password1' }, session: 'none', ok: [201] }),
  'POST /api/login': async () => ({ path: '/api/login', fields: { username: author.username, password: 'password1' }, session: 'none', ok: [200] }),
  'POST /api/logout': async () => ({ path: '/api/logout', fields: {}, session: 'own', ok: [204] }),
  'DELETE /api/user': async () => ({ path: '/api/user', fields: { password: 'password1' }, session: 'own', ok: [204] }),
  'PATCH /api/users/:id': async () => ({ path: `/api/users/${admin.id}`, fields: { bio: 'Walked through the gate' }, ok: [200] }),
  'POST /api/threads': async () => ({ path: '/api/threads', fields: { boardId: await boardId(t), title: 'A walked thread', content: 'Some thread content' }, ok: [201] }),
  'POST /api/posts': async () => ({ path: '/api/posts', fields: { threadId: (await createThread(t, author)).id, content: 'A walked reply' }, ok: [201] }),
  'POST /api/threads/:id/vote': async () => ({ path: `/api/threads/${(await createThread(t, author)).id}/vote`, fields: { voteType: 1 }, ok: [200] }),
  'POST /api/posts/:id/vote': async () => ({ path: `/api/posts/${(await createReply(author, (await createThread(t, author)).id)).id}/vote`, fields: { voteType: 1 }, ok: [200] }),
  'POST /api/polls/:id/vote': async () => {
    const poll = await walkedPoll();
    return { path: `/api/polls/${poll.id}/vote`, fields: { optionIds: [poll.options[0]!.id] }, ok: [200] };
  },
  'POST /api/reports': async () => ({ path: '/api/reports', fields: { threadId: (await createThread(t, author)).id, reason: 'Walked report' }, ok: [201] }),
  'PATCH /api/moderation/reports/:id': async () => {
    const report = await author.client.post('/api/reports', { threadId: (await createThread(t, admin)).id, reason: 'To be resolved' });
    return { path: `/api/moderation/reports/${(report.json() as { id: number }).id}`, fields: { status: 'resolved' }, ok: [200] };
  },
  'PATCH /api/threads/:id/sticky': async () => ({ path: `/api/threads/${(await createThread(t, author)).id}/sticky`, fields: { isSticky: true }, ok: [200] }),
  'PATCH /api/threads/:id/lock': async () => ({ path: `/api/threads/${(await createThread(t, author)).id}/lock`, fields: { isLocked: true }, ok: [200] }),
  'DELETE /api/threads/:id': async () => ({ path: `/api/threads/${(await createThread(t, author)).id}`, fields: {}, ok: [204] }),
  'DELETE /api/posts/:id': async () => ({ path: `/api/posts/${(await createReply(author, (await createThread(t, author)).id)).id}`, fields: {}, ok: [204] }),
  // The admin's session walks these: their own thread and reply (admins never edit other people's).
  'PATCH /api/threads/:id': async () => ({ path: `/api/threads/${(await createThread(t, admin)).id}`, fields: { content: 'Walked and edited', version: 0 }, ok: [200] }),
  'PATCH /api/posts/:id': async () => ({ path: `/api/posts/${(await createReply(admin, (await createThread(t, author)).id)).id}`, fields: { content: 'A walked edit', version: 0 }, ok: [200] }),
  'DELETE /api/threads/:id/history': async () => {
    const thread = await createThread(t, admin);
    await admin.client.patch(`/api/threads/${thread.id}`, { content: 'Edited before the walk', version: 0 });
    return { path: `/api/threads/${thread.id}/history`, fields: {}, ok: [204] };
  },
  'DELETE /api/posts/:id/history': async () => {
    const post = await createReply(admin, (await createThread(t, author)).id);
    await admin.client.patch(`/api/posts/${post.id}`, { content: 'Edited before the walk', version: 0 });
    return { path: `/api/posts/${post.id}/history`, fields: {}, ok: [204] };
  },
  'PUT /api/threads/:id/save': async () => ({ path: `/api/threads/${(await createThread(t, author)).id}/save`, fields: {}, ok: [200] }),
  'DELETE /api/threads/:id/save': async () => {
    const { id } = await createThread(t, author);
    expect((await admin.client.request('PUT', `/api/threads/${id}/save`)).statusCode).toBe(200);
    return { path: `/api/threads/${id}/save`, fields: {}, ok: [200] };
  },
  'POST /api/users/:id/follow': async () => ({ path: `/api/users/${(await signUp(t, { prefix: 'walkf' })).id}/follow`, fields: {}, ok: [200] }),
  'DELETE /api/users/:id/follow': async () => {
    const { id } = await signUp(t, { prefix: 'walku' });
    expect((await admin.client.post(`/api/users/${id}/follow`)).statusCode).toBe(200);
    return { path: `/api/users/${id}/follow`, fields: {}, ok: [200] };
  },
  'POST /api/notifications/read': async () => ({ path: '/api/notifications/read', fields: {}, ok: [204] }),
  'POST /api/crypto/addresses': async () => ({ path: '/api/crypto/addresses', fields: { currency: 'ETH', address: `0x${'ab'.repeat(20)}` }, ok: [201] }),
  'DELETE /api/crypto/addresses/:id': async () => {
    const added = await admin.client.post('/api/crypto/addresses', { currency: 'ETH', address: `0x${'cd'.repeat(20)}` });
    expect(added.statusCode).toBe(201);
    return { path: `/api/crypto/addresses/${(added.json() as { id: number }).id}`, fields: {}, ok: [204] };
  },
  // Tips and purchases are verified on a chain, which this app has none of: let through, they answer 503.
  'POST /api/crypto/tips': async () => ({
    path: '/api/crypto/tips',
    fields: { amount: '0.01', currency: 'ETH', txHash: `0x${'12'.repeat(32)}`, threadId: (await createThread(t, author)).id },
  }),
  'POST /api/premium/purchase-access': async () => ({ path: '/api/premium/purchase-access', fields: { threadId: (await createThread(t, author)).id, txHash: `0x${'34'.repeat(32)}`, currency: 'ETH' } }),
  'POST /api/premium/purchase-membership': async () => ({ path: '/api/premium/purchase-membership', fields: { txHash: `0x${'56'.repeat(32)}`, currency: 'ETH' } }),
  // Linking a wallet needs a signature of the challenge by its key: let through, the signature is refused.
  'POST /api/wallets/challenge': async () => ({ path: '/api/wallets/challenge', fields: { address: `0x${'78'.repeat(20)}` } }),
  'POST /api/wallets': async () => ({ path: '/api/wallets', fields: { message: 'Sign in with Ethereum', signature: `0x${'9a'.repeat(65)}` } }),
  'DELETE /api/wallets/:address': async () => ({ path: `/api/wallets/0x${'bc'.repeat(20)}`, fields: {} }),
  // Passkeys: a ceremony needs the authenticator's signature over this app's origin: let through, refused.
  'POST /api/webauthn/registration/options': async () => ({ path: '/api/webauthn/registration/options', fields: {}, ok: [200] }),
  'POST /api/webauthn/registration': async () => ({ path: '/api/webauthn/registration', fields: { name: 'Walked', response: walkedCeremony } }),
  'PATCH /api/webauthn/passkeys/:id': async () => ({ path: `/api/webauthn/passkeys/${await adminPasskey()}`, fields: { name: 'Walked rename' }, ok: [200] }),
  'DELETE /api/webauthn/passkeys/:id': async () => ({ path: `/api/webauthn/passkeys/${await adminPasskey()}`, fields: {}, ok: [204] }),
  'POST /api/webauthn/passkeys/:id/prf': async () => ({ path: `/api/webauthn/passkeys/${await adminPasskey()}/prf`, fields: { response: walkedCeremony } }),
  'POST /api/webauthn/authentication/options': async () => ({ path: '/api/webauthn/authentication/options', fields: {}, session: 'none', ok: [200] }),
  'POST /api/webauthn/authentication': async () => ({ path: '/api/webauthn/authentication', fields: { response: walkedCeremony }, session: 'none' }),
  'POST /api/webauthn/unlock': async () => ({ path: '/api/webauthn/unlock', fields: { password: 'password1' }, ok: [200] }),
  'POST /api/moderation/ban-ip': async () => {
    const ip = await freshAddress(t);
    return { path: '/api/moderation/ban-ip', fields: { ipHash: hashOf(ip), reason: 'Walked ban' }, ok: [201] };
  },
  'DELETE /api/moderation/ban-ip/:ipHash': async () => {
    const ipHash = hashOf(await freshAddress(t));
    expect((await admin.client.post('/api/moderation/ban-ip', { ipHash })).statusCode).toBe(201);
    return { path: `/api/moderation/ban-ip/${ipHash}`, fields: {}, ok: [204] };
  },
  // Suspending an author (CONTRACT.md section 13): of a throwaway poster's anonymous thread, so the walk's own author writes on.
  'POST /api/moderation/suspend-author': async () => ({ path: '/api/moderation/suspend-author', fields: { threadId: await throwawayThread(), reason: 'Walked suspension' }, ok: [201] }),
  'DELETE /api/moderation/suspend-author/:id': async () => {
    const suspended = await admin.client.post('/api/moderation/suspend-author', { threadId: await throwawayThread(), reason: 'To be lifted' });
    expect(suspended.statusCode).toBe(201);
    return { path: `/api/moderation/suspend-author/${(suspended.json() as { id: number }).id}`, fields: {}, ok: [204] };
  },
  'PATCH /api/moderation/users/:id': async () => ({ path: `/api/moderation/users/${(await signUp(t, { prefix: 'walks' })).id}`, fields: { isActive: false }, ok: [200] }),
  // The banned visitor's way out: no ban refuses it, and it is let through from the banned address.
  'POST /api/bans/appeal': async () => ({ path: '/api/bans/appeal', fields: { message: 'Please lift this ban, it was a mistake.' }, session: 'none', ok: [201], from: BANNED_IP }),
  'PATCH /api/moderation/appeals/:id': async () => {
    const ip = await freshAddress(t);
    await banAddress(ip);
    expect((await t.client({ ip }).post('/api/bans/appeal', { message: 'An appeal for the admin to answer.' })).statusCode).toBe(201);
    const queue = (await admin.client.get('/api/moderation/appeals')).json() as { id: number; ban: { ipHash: string } | null }[];
    const appeal = queue.find((entry) => entry.ban?.ipHash === hashOf(ip))!;
    return { path: `/api/moderation/appeals/${appeal.id}`, fields: { status: 'denied', response: 'Not this time.' }, ok: [200] };
  },
  // The account's credentials (CONTRACT.md section 15), each on an account of its own.
  'POST /api/user/totp': async () => ({ path: '/api/user/totp', fields: {}, session: 'own', ok: [200] }),
  'POST /api/user/totp/verify': async () => {
    const user = await signUp(t, { prefix: 'walkt' });
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    return { path: '/api/user/totp/verify', fields: { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) }, as: user, ok: [200] };
  },
  'DELETE /api/user/totp': async () => {
    const user = await signUp(t, { prefix: 'walkt' });
    const { secret } = (await user.client.post('/api/user/totp')).json() as { secret: string };
    expect((await user.client.post('/api/user/totp/verify', { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) })).statusCode).toBe(200);
    const { recoveryCodes } = (await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] };
    return { path: '/api/user/totp', fields: { code: recoveryCodes[0] }, as: user, ok: [204] };
  },
  'POST /api/user/recovery-codes': async () => ({ path: '/api/user/recovery-codes', fields: { password: 'password1' }, session: 'own', ok: [200] }),
  'PUT /api/user/password': async () => ({ path: '/api/user/password', fields: { currentPassword: 'password1', newPassword: 'password2' }, session: 'own', ok: [204] }),
  'POST /api/recover': async () => {
    const user = await signUp(t, { prefix: 'walkr' });
    const { recoveryCodes } = (await user.client.post('/api/user/recovery-codes', { password: 'password1' })).json() as { recoveryCodes: string[] };
    return { path: '/api/recover', fields: { username: user.username, recoveryCode: recoveryCodes[0], newPassword: 'password2' }, session: 'none', ok: [200] };
  },
  'DELETE /api/user/sessions': async () => {
    const user = await signUp(t, { prefix: 'walks' });
    expect((await t.client().login(user.username)).statusCode).toBe(200);
    return { path: '/api/user/sessions', fields: {}, as: user, ok: [204] };
  },
  'DELETE /api/user/sessions/:id': async () => {
    const user = await signUp(t, { prefix: 'walks' });
    const other = t.client();
    expect((await other.login(user.username)).statusCode).toBe(200);
    const [session] = ((await other.get('/api/user/sessions')).json() as { id: string; current: boolean }[]).filter((entry) => entry.current);
    return { path: `/api/user/sessions/${session!.id}`, fields: {}, as: user, ok: [204] };
  },
  // The forms that post without JavaScript (modules/pages/forms.ts): 303 when they succeed.
  'POST /login': async () => ({ path: '/login', form: true, fields: { username: author.username, password: 'password1' }, session: 'none', ok: [303] }),
  'POST /register': async () => ({ path: '/register', form: true, fields: { username: uniqueName('walkf'), password: 'secret1', confirmPassword: 'secret1' }, session: 'none', ok: [303] }),
  'POST /thread/:id/reply': async () => ({ path: `/thread/${(await createThread(t, author)).id}/reply`, form: true, fields: { content: 'A walked form reply' }, ok: [303] }),
  'POST /thread/:id/poll/:pollId': async () => {
    const poll = await walkedPoll();
    return { path: `/thread/${poll.threadId}/poll/${poll.id}`, form: true, fields: { optionIds: String(poll.options[1]!.id) }, ok: [303] };
  },
  'POST /new-thread': async () => ({ path: '/new-thread', form: true, fields: { boardId: String(await boardId(t)), title: 'A walked form thread', content: 'Some thread content' }, ok: [303] }),
};

/** A thread with a poll to vote in. */
async function walkedPoll(): Promise<{ id: number; threadId: number; options: { id: number }[] }> {
  const thread = await createThread(t, author, { poll: { question: 'Walked poll?', options: ['yes', 'no'], showResults: 'always' } });
  return { ...(thread.poll as { id: number; options: { id: number }[] }), threadId: thread.id };
}

/** A WebAuthn answer of the right shape, signed by no one. */
const walkedCeremony = { id: 'd2Fsaw', rawId: 'd2Fsaw', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };

/** A passkey of the admin's, added through the API with a software authenticator. */
async function adminPasskey(): Promise<number> {
  const options = await admin.client.post('/api/webauthn/registration/options');
  const made = new SoftwareAuthenticator().register(options.json(), TEST_SITE);
  const added = await admin.client.post('/api/webauthn/registration', { name: 'Walked passkey', response: made.response });
  expect(added.statusCode).toBe(201);
  return (added.json() as { id: number }).id;
}

/** An anonymous thread of a poster of its own, whose author a walked suspension may suspend. */
async function throwawayThread(): Promise<number> {
  return (await createThread(t, await signUp(t, { prefix: 'walka' }), { isAnonymous: true })).id;
}

/** Bans an address as an admin does, and waits until the walked app's ban list has it. */
async function banAddress(ip: string): Promise<void> {
  const ipHash = hashOf(ip);
  expect((await admin.client.post('/api/moderation/ban-ip', { ipHash, reason: 'walking' })).statusCode).toBe(201);
  const deadline = Date.now() + 10_000;
  const { banList } = gated.app.services;
  while (!(banList.current && banList.mayCover([ipHash]))) {
    if (Date.now() > deadline) throw new Error('the ban list never heard of the ban');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  gated = await startGatedApp(t);
  [admin, author] = await Promise.all([signUp(t, { admin: true, prefix: 'walka' }), signUp(t, { prefix: 'walkb' })]);
  await knownAddress(t, BANNED_IP);
  await banAddress(BANNED_IP);
  await knownAddress(t, BANNED_FORM_IP);
  await banAddress(BANNED_FORM_IP);
}, 240_000);
afterAll(() => gated?.close());

const keyOf = (method: string, url: string) => `${method} ${url}`;
const writeRoutes = () =>
  gated.routes.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)).map((method) => ({ key: keyOf(method, route.url), route })),
  );

describe('the route table', () => {
  it('has a case here for every POST, PUT, PATCH and DELETE route, and none for a route that is gone', () => {
    expect(writeRoutes().map(({ key }) => key).sort()).toEqual(Object.keys(cases).sort());
  });

  it("declares each one's gate: bans where CONTRACT.md section 6 has them, proof of work where section 11 does", () => {
    for (const { key, route } of writeRoutes()) {
      const gate = route.config?.gate;
      expect(gate, `${key} declares no gate`).toBeDefined();
      expect(gate?.ban, key).toBe(BANNED_FROM.has(key));
      expect(gate?.pow, key).toBe(WORK_FOR[key]);
    }
  });
});

const cookieOf = (jar: Map<string, string>, session: boolean) =>
  [...jar].filter(([name]) => session || name !== 'hb_session').map(([name, value]) => `${name}=${value}`).join('; ');

describe('every write route refuses, and changes nothing, through every spelling of its path', () => {
  for (const [key, prepare] of Object.entries(cases)) {
    it(key, async () => {
      const [method] = key.split(' ') as [string];
      const c = await prepare();
      const client = c.as ? c.as.client : c.session === 'own' ? (await signUp(t, { prefix: 'walko' })).client : admin.client;
      const cookie = cookieOf(client.cookies, c.session !== 'none');
      const token = client.csrfToken!;
      const ours = gated.origin;

      /** The request with the token (or not), from an origin, an address, with work done (or not). */
      const request = async (target: string, { withToken, origin, ip, pow }: { withToken: boolean; origin: string; ip: string; pow?: string }): Promise<Sent> => {
        const headers: Record<string, string> = { cookie, origin, 'x-forwarded-for': ip };
        if (withToken && !c.form) headers['x-csrf-token'] = token;
        if (pow) headers['x-pow'] = pow;
        const fields = Object.fromEntries(Object.entries(c.fields).map(([name, value]) => [name, String(value)]));
        const body = c.form ? await multipart(withToken ? { ...fields, _csrf: token } : fields) : json(c.fields);
        return { method, target, headers, body };
      };

      const refused = async (what: string, sent: Sent, status: number, message: string): Promise<void> => {
        const before = await fingerprint(t);
        const answer: Answer = await send(ours, sent);
        const label = `${key} ${what} via ${sent.target}: ${answer.status} ${answer.body.slice(0, 160)}`;
        expect(answer.status, label).toBe(status);
        expect(answer.body, label).toContain(message);
        expect(await fingerprint(t), `${label} changed the database`).toEqual(before);
      };

      for (const { target } of spellingsOf(c.path, ours)) {
        await refused('(a) without a CSRF token', await request(target, { withToken: false, origin: ours, ip: await freshAddress(t) }), 403, CSRF_REFUSED);
        await refused('(b) from another origin', await request(target, { withToken: true, origin: EVIL, ip: await freshAddress(t) }), 403, CSRF_REFUSED);
        if (BANNED_FROM.has(key)) {
          await refused('(c) under an IP ban', await request(target, { withToken: true, origin: ours, ip: c.form ? BANNED_FORM_IP : BANNED_IP }), 403, 'You are banned: walking');
        }
        if (WORK_FOR[key]) {
          await refused('(d) without proof of work', await request(target, { withToken: true, origin: ours, ip: await freshAddress(t) }), 428, c.form ? '' : 'Proof of work required');
        }
      }

      // All in order: the gate lets it through (what the refusals stood between).
      const action = WORK_FOR[key];
      const through = await send(ours, await request(c.path, { withToken: true, origin: ours, ip: c.from ?? (await freshAddress(t)), ...(action ? { pow: await powFor(action) } : {}) }));
      const label = `${key} let through: ${through.status} ${through.body.slice(0, 200)}`;
      expect([401, 403, 428, 429], label).not.toContain(through.status);
      if (c.ok) expect(c.ok, label).toContain(through.status);
    });
  }
});
