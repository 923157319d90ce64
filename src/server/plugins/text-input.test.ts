import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_HAS_NUL } from '../../shared/schemas/fields.js';
import { moderationLog, posts, threads, userActivities } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../test/factories.js';
import { mendText } from './text-input.js';

// CONTRACT.md sections 2 and 9: NUL and lone surrogates in any text field. Each of
// these answered 500 before plugins/text-input.ts (PostgreSQL 22021 for NUL; a jsonb
// insert refusing the surrogate's escape).

const t = useTestApp();
let author: TestUser;
let admin: TestUser;
let threadId: number;
let postId: number;

beforeAll(async () => {
  [author, admin] = await Promise.all([signUp(t), signUp(t, { admin: true })]);
  threadId = (await createThread(t, author)).id;
  postId = (await createReply(author, threadId)).id;
});

const ETH = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';
const TX = `0x${'ab'.repeat(32)}`;

describe('a NUL character', () => {
  it.each([
    // [who, method, url, body, field]
    ['author', 'POST', '/api/threads', { title: 'A\u0000title', content: 'Fine content' }, 'title'],
    ['author', 'POST', '/api/threads', { title: 'A title', content: 'Fine\u0000content' }, 'content'],
    ['author', 'POST', '/api/threads', { title: 'A title', content: 'Fine content', premiumContent: '\u0000' }, 'premiumContent'],
    ['author', 'POST', '/api/posts', { content: 'A reply\u0000' }, 'content'],
    ['visitor', 'POST', '/api/login', { username: 'someone\u0000', password: 'password1' }, 'username'],
    ['visitor', 'POST', '/api/login', { username: 'someone', password: 'pass\u0000word' }, 'password'],
    ['visitor', 'POST', '/api/register', { username: 'nul_user', password: 'pass\u0000word' }, 'password'],
    ['visitor', 'POST', '/api/register', { username: 'nul_user', password: 'password1', email: 'a\u0000@b.co' }, 'email'],
    ['author', 'PATCH', '/api/users/:me', { bio: 'About me\u0000' }, 'bio'],
    ['author', 'PATCH', '/api/users/:me', { username: 'me\u0000' }, 'username'],
    ['author', 'POST', '/api/reports', { threadId: ':thread', reason: 'Spam\u0000' }, 'reason'],
    ['admin', 'POST', '/api/moderation/ban-ip', { ipHash: 'ab'.repeat(32), reason: 'Abuse\u0000' }, 'reason'],
    ['author', 'POST', '/api/crypto/addresses', { currency: 'ETH', address: `${ETH}\u0000` }, 'address'],
    ['admin', 'POST', '/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: `${TX}\u0000`, threadId: ':thread' }, 'txHash'],
    ['admin', 'POST', '/api/crypto/tips', { amount: '0.01', currency: 'ETH', txHash: TX, threadId: ':thread', recipientAddress: '\u0000' }, 'recipientAddress'],
    ['admin', 'POST', '/api/premium/purchase-access', { threadId: ':thread', amount: '0.01', currency: 'ETH', txHash: `\u0000${TX}` }, 'txHash'],
    ['author', 'POST', '/api/wallets', { message: 'Sign in\u0000', signature: '0xabcd' }, 'message'],
    ['author', 'POST', '/api/wallets/challenge', { address: `\u0000${ETH}` }, 'address'],
    ['author', 'POST', '/api/threads', { title: 'A title', content: 'Fine content', nested: { deeper: ['ok', 'no\u0000'] } }, 'nested.deeper.1'],
    ['author', 'POST', '/api/threads', { title: 'A title', content: 'Fine content', 'key\u0000': 'value' }, 'key\u0000'],
  ] as const)('%s %s %s %j: 400 on %s, nothing written', async (who, method, url, body, field) => {
    const client = who === 'author' ? author.client : who === 'admin' ? admin.client : t.client();
    const filled = Object.fromEntries(Object.entries(body).map(([name, value]) => [name, value === ':thread' ? threadId : value]));
    if (url === '/api/threads') filled.boardId = await boardId(t);
    if (url === '/api/posts') filled.threadId = threadId;
    const counts = async () => [await t.database.db.$count(threads), await t.database.db.$count(posts)];
    const before = await counts();
    const response = await client.request(method, url.replace(':me', String(author.id)), { body: filled });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: TEXT_HAS_NUL, errors: { [field]: TEXT_HAS_NUL } });
    expect(await counts()).toEqual(before);
  });

  it('in a multipart field or file name', async () => {
    const board = String(await boardId(t));
    const field = await author.client.postForm('/api/threads', { boardId: board, title: 'A title', content: 'Nul\u0000here' });
    expect(field.statusCode).toBe(400);
    expect(field.json().errors).toEqual({ content: TEXT_HAS_NUL });
    const file = await author.client.postForm('/api/threads', { boardId: board, title: 'A title', content: 'Fine content' }, { data: Buffer.from('x'), fileName: 'a\u0000.png' });
    expect(file.statusCode).toBe(400);
    expect(file.json().errors).toEqual({ image: TEXT_HAS_NUL });
  });

  it.each([
    ['/api/search?q=abc%00def', 'q'],
    ['/api/search?query=%00%00%00', 'query'],
    ['/api/boards/g/threads?sort=new%00est', 'sort'],
    ['/api/threads/:thread?after=1%00', 'after'],
    ['/api/user/thread-votes?ids=1%002', 'ids'],
    ['/api/boards/g%00', 'code'],
    ['/api/boards/g%00/threads', 'code'],
    ['/api/users/:me/crypto-address/ET%00H', 'currency'],
  ])('in the query string or a path parameter: GET %s is a 400 on %s', async (url, field) => {
    const response = await author.client.get(url.replace(':thread', String(threadId)).replace(':me', String(author.id)));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: TEXT_HAS_NUL, errors: { [field]: TEXT_HAS_NUL } });
  });

  it.each([
    [() => author.client, '/api/wallets/0x%00', 'address'],
    [() => admin.client, '/api/moderation/ban-ip/ab%00', 'ipHash'],
  ])('in a DELETE path parameter', async (client, url, field) => {
    const response = await client().delete(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: TEXT_HAS_NUL });
  });
});

describe('a lone surrogate', () => {
  it('in a title is stored as U+FFFD, with its activity (jsonb)', async () => {
    const response = await author.client.post('/api/threads', { boardId: await boardId(t), title: 'Odd \ud800 title', content: 'Tail surrogate \udc00', isAnonymous: false });
    expect(response.statusCode, response.body).toBe(201);
    const thread = response.json() as { id: number; title: string; content: string };
    expect(thread.title).toBe('Odd \ufffd title');
    expect(thread.content).toBe('Tail surrogate \ufffd');
    const [row] = await t.database.db.select({ title: threads.title }).from(threads).where(eq(threads.id, thread.id));
    expect(row!.title).toBe('Odd \ufffd title');
    const [activity] = await t.database.db.select({ data: userActivities.activityData }).from(userActivities).where(eq(userActivities.userId, author.id));
    expect(JSON.stringify(activity?.data)).toContain('Odd \ufffd title');
  });

  it('keeps a well-formed pair as it is', async () => {
    const response = await author.client.post('/api/posts', { threadId, content: 'An emoji \ud83d\ude00 stays' });
    expect(response.statusCode).toBe(201);
    expect(response.json().content).toBe('An emoji 😀 stays');
  });

  it('in a ban reason, a report reason, a bio and a search is accepted', async () => {
    const ban = await admin.client.post('/api/moderation/ban-ip', { ipHash: 'cd'.repeat(32), reason: 'Abuse \udbff' });
    expect(ban.statusCode, ban.body).toBe(201);
    const [log] = await t.database.db.select({ details: moderationLog.details }).from(moderationLog).where(eq(moderationLog.action, 'ban'));
    expect(JSON.stringify(log?.details)).toContain('Abuse \ufffd');
    const report = await author.client.post('/api/reports', { postId, reason: 'Spam \ud800' });
    expect(report.statusCode, report.body).toBe(201);
    expect(report.json().reason).toBe('Spam \ufffd');
    const bio = await author.client.patch(`/api/users/${author.id}`, { bio: '\udc00 bio' });
    expect(bio.statusCode).toBe(200);
    expect(bio.json().bio).toBe('\ufffd bio');
    // In a URL a surrogate can only come as the invalid UTF-8 of its CESU-8 bytes.
    const search = await t.client().get('/api/search?q=surrogate%ED%A0%80');
    expect(search.statusCode).toBe(200);
  });
});

describe('mendText', () => {
  it('walks any depth without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let depth = 0; depth < 200_000; depth++) deep = [deep];
    expect(mendText({ body: deep }, 'body', '_')).toMatch(/^0(\.0)+$/);
  });

  it('mends in place and survives cycles', () => {
    const cyclic: Record<string, unknown> = { text: 'a\ud800', list: ['\udfff'] };
    cyclic.self = cyclic;
    expect(mendText({ body: cyclic }, 'body', '_')).toBeUndefined();
    expect(cyclic.text).toBe('a\ufffd');
    expect(cyclic.list).toEqual(['\ufffd']);
  });

  it('leaves buffers alone', () => {
    const holder = { body: { image: Buffer.from([0, 0xd8, 0]) } };
    expect(mendText(holder, 'body', '_')).toBeUndefined();
  });
});
