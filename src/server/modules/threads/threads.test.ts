import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentTransactions, posts, premiumAccesses, threads, users } from '../../db/schema.js';
import { IMAGE_MAX_FRAMES } from '../../../shared/constants.js';
import { useTestApp } from '../../test/app.js';
import { boardId, createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let author: TestUser;
let other: TestUser;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  [author, other, admin, member] = await Promise.all([signUp(t), signUp(t), signUp(t, { admin: true }), signUp(t, { premium: true })]);
});

describe('boards', () => {
  it('finds a board by code and by id, and 404s unknown ones', async () => {
    const client = t.client();
    const board = (await client.get('/api/boards/g')).json();
    expect(board).toMatchObject({ code: 'g', name: 'Technology', icon: 'code' });
    expect((await client.get(`/api/board-by-id/${board.id}`)).json()).toEqual(board);
    for (const url of ['/api/boards/nope', '/api/board-by-id/999999', '/api/board-by-id/abc', '/api/boards/nope/threads']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Board not found' });
    }
  });
});

describe('POST /api/threads', () => {
  it('needs a signed-in user', async () => {
    const response = await t.client().post('/api/threads', { boardId: await boardId(t), title: 'Hello there', content: 'Hello world' });
    expect(response.statusCode).toBe(401);
  });

  it.each([
    ['title', 'ab', 'Title must be at least 3 characters'],
    ['title', 'x'.repeat(101), 'Title must be less than 100 characters'],
    ['content', 'abcd', 'Content must be at least 5 characters'],
    ['boardId', '', 'Please select a board'],
    ['boardId', 999999, 'Please select a board'],
  ])('refuses %s=%j with "%s" and creates nothing', async (field, value, message) => {
    const before = await t.database.db.$count(threads);
    const response = await author.client.post('/api/threads', { boardId: await boardId(t), title: 'Fine title', content: 'Fine content', [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    expect(await t.database.db.$count(threads)).toBe(before);
  });

  it('accepts the inclusive boundaries: a 3- and a 100-character title, 5-character content', async () => {
    for (const title of ['abc', 'y'.repeat(100)]) {
      const response = await author.client.post('/api/threads', { boardId: await boardId(t), title, content: '12345' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ title, content: '12345', board: { code: 'g' }, posts: [] });
    }
  });

  it('is anonymous by default, counted in its author\'s own figures and nowhere on their account row', async () => {
    const stored = async () =>
      ((await t.database.db.select({ threadCount: users.threadCount }).from(users).where(eq(users.id, author.id))) as [{ threadCount: number }])[0].threadCount;
    const own = async () => ((await author.client.get('/api/user')).json() as { threadCount: number }).threadCount;
    const [storedBefore, ownBefore] = [await stored(), await own()];
    const thread = await createThread(t, author);
    expect(thread).toMatchObject({ isAnonymous: true, userId: null, username: null, isOwn: true });
    // CONTRACT.md section 13: no account-side row moves with anonymous writing.
    expect(await stored()).toBe(storedBefore);
    expect(await own()).toBe(ownBefore + 1);
  });

  it('accepts multipart with an image, re-encoded without EXIF, with a thumbnail and the cleaned name', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-camera-owner', Make: 'SpyCam' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await author.client.postForm(
      '/api/threads',
      { boardId: String(await boardId(t)), title: 'With a picture', content: 'Look at this', isAnonymous: 'false' },
      { data: jpeg, fileName: '../../holiday photo.jpg', type: 'image/jpeg' },
    );
    expect(response.statusCode).toBe(201);
    const thread = response.json();
    expect(thread).toMatchObject({ imageName: 'holiday photo.jpg', isAnonymous: false, username: author.username });
    expect(thread.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.jpg$/);
    const served = await t.client().get(thread.imageUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes('secret-camera-owner')).toBe(false);
    expect((await t.client().get(thread.thumbnailUrl)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image by its content (415), an SVG (415) and a file over 5 MB (413)', async () => {
    const fields = { boardId: String(await boardId(t)), title: 'Bad image', content: 'Bad image here' };
    const before = await t.database.db.$count(threads);
    const text = await author.client.postForm('/api/threads', fields, { data: Buffer.from('just some text'), fileName: 'fake.png', type: 'image/png' });
    expect(text.statusCode).toBe(415);
    const svg = await author.client.postForm('/api/threads', fields, {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
      fileName: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    const big = await author.client.postForm('/api/threads', fields, { data: Buffer.alloc(5 * 1024 * 1024 + 1, 1), fileName: 'big.jpg', type: 'image/jpeg' });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Image must be less than 5MB' });
    expect(await t.database.db.$count(threads)).toBe(before);
  });

  it('refuses an animated GIF of too many frames with 400 and the message, before decoding it', async () => {
    const [frames, side] = [IMAGE_MAX_FRAMES + 1, 4];
    // Black-and-white frames, each the binary number of its index: no two alike, none merged by the encoder.
    const raw = Buffer.alloc(side * side * frames * 3);
    for (let frame = 0; frame < frames; frame++) {
      for (let bit = 0; bit < side * side; bit++) raw.fill((frame >> bit) & 1 ? 255 : 0, (frame * side * side + bit) * 3, (frame * side * side + bit + 1) * 3);
    }
    const gif = await sharp(raw, { raw: { width: side, height: side * frames, channels: 3, pageHeight: side } }).gif({ loop: 0 }).toBuffer();
    const fields = { boardId: String(await boardId(t)), title: 'Long animation', content: 'Many frames here' };
    const response = await author.client.postForm('/api/threads', fields, { data: gif, fileName: 'long.gif', type: 'image/gif' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `Animated images can have at most ${IMAGE_MAX_FRAMES} frames` });
  });

  it('accepts an image just under 5 MB', async () => {
    const side = 1270;
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(png.length).toBeLessThan(5 * 1024 * 1024);
    expect(png.length).toBeGreaterThan(4.5 * 1024 * 1024);
    const response = await author.client.postForm('/api/threads', { boardId: String(await boardId(t)), title: 'Big one', content: 'Big picture' }, { data: png, fileName: 'noise.png' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses premium fields from a non-member with 403 and accepts them from a member', async () => {
    const premium = { isPremium: true, accessPrice: '0.05', accessCurrency: 'ETH', premiumContent: 'the hidden part' };
    const refused = await author.client.post('/api/threads', { boardId: await boardId(t), title: 'Paid thread', content: 'Pay to see', ...premium });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Premium Member Required' });
    const free = await member.client.post('/api/threads', { boardId: await boardId(t), title: 'Free premium', content: 'Costs nothing', ...premium, accessPrice: '0.00' });
    expect(free.statusCode).toBe(400);
    expect(free.json().errors.accessPrice).toBe('Price must be greater than 0');
    const thread = await createThread(t, member, premium);
    expect(thread).toMatchObject({ isPremium: true, accessPrice: '0.05000000', accessCurrency: 'ETH', premiumContent: 'the hidden part', hasAccess: true });
  });
});

describe('privacy of threads and posts (CONTRACT.md sections 4 and 13)', () => {
  let threadId: number;
  let replyId: number;

  beforeAll(async () => {
    threadId = (await createThread(t, author, { isAnonymous: true, title: 'Anonymous thread' })).id;
    replyId = (await createReply(author, threadId, { isAnonymous: true })).id;
  });

  const views = () => [
    { who: 'a visitor', client: t.client(), named: false, own: false, ipHash: false },
    { who: 'another user', client: other.client, named: false, own: false, ipHash: false },
    { who: 'the author', client: author.client, named: false, own: true, ipHash: false },
    // Admins moderate by the text and the IP hash: they no longer see who wrote it.
    { who: 'an admin', client: admin.client, named: false, own: false, ipHash: true },
  ];

  it('hides the author of anonymous content from everyone, admins included, in the thread and its posts', async () => {
    for (const view of views()) {
      const thread = (await view.client.get(`/api/threads/${threadId}`)).json();
      const reply = thread.posts.find((post: { id: number }) => post.id === replyId);
      for (const item of [thread, reply]) {
        expect(item.userId, view.who).toBe(view.named ? author.id : null);
        expect(item.username, view.who).toBe(view.named ? author.username : null);
        expect(item.isOwn, view.who).toBe(view.own);
        expect('ipHash' in item, view.who).toBe(view.ipHash);
        if (view.ipHash) expect(item.ipHash).toMatch(/^[0-9a-f]{64}$/);
      }
    }
  });

  it('applies the same rules in every list: board pages, recent and popular feeds', async () => {
    const code = 'g';
    for (const view of views()) {
      for (const url of [`/api/boards/${code}/threads?limit=50&sort=newest`, '/api/threads/simple-recent', '/api/threads/simple-popular']) {
        const list = (await view.client.get(url)).json() as { id: number; userId: number | null; isOwn: boolean; ipHash?: string }[];
        const item = list.find((thread) => thread.id === threadId);
        if (!item) continue;
        expect(item.userId, `${view.who} ${url}`).toBe(view.named ? author.id : null);
        expect(item.isOwn).toBe(view.own);
        expect('ipHash' in item).toBe(view.ipHash);
      }
    }
  });

  it('applies them when visitors and signed-in viewers ask for the same lists at the same moment', async () => {
    // Visitors asking at once share one read (lib/single-flight.ts); nobody signed in may get theirs.
    const asks = views().flatMap((view) =>
      ['/api/boards/g/threads?limit=50&sort=newest', '/api/threads/simple-recent'].flatMap((url) => [0, 1, 2].map(() => ({ view, url }))),
    );
    const answers = await Promise.all(asks.map(async ({ view, url }) => ({ view, url, list: (await view.client.get(url)).json() as { id: number; userId: number | null; isOwn: boolean; ipHash?: string }[] })));
    for (const { view, url, list } of answers) {
      const item = list.find((thread) => thread.id === threadId);
      expect(item, `${view.who} ${url}`).toBeDefined();
      expect(item!.userId, `${view.who} ${url}`).toBe(view.named ? author.id : null);
      expect(item!.isOwn, `${view.who} ${url}`).toBe(view.own);
      expect('ipHash' in item!, `${view.who} ${url}`).toBe(view.ipHash);
    }
  });

  it('shows premium content only to the author, admins, members and buyers', async () => {
    const thread = await createThread(t, member, { isPremium: true, accessPrice: '0.01', premiumContent: 'members only text', isAnonymous: false });
    const buyer = await signUp(t);
    const txHash = `0x${'7'.repeat(64)}`;
    await t.database.db.insert(paymentTransactions).values({ txHash, kind: 'premium_access', userId: buyer.id });
    await t.database.db.insert(premiumAccesses).values({ userId: buyer.id, threadId: thread.id, amount: '0.01', currency: 'ETH', txHash });
    const seen = async (client: ReturnType<typeof t.client>) => (await client.get(`/api/threads/${thread.id}`)).json();
    for (const [who, client, sees] of [
      ['visitor', t.client(), false],
      ['other user', other.client, false],
      ['author', member.client, true],
      ['admin', admin.client, true],
      ['buyer', buyer.client, true],
    ] as const) {
      const view = await seen(client);
      expect(view.premiumContent, who).toBe(sees ? 'members only text' : null);
      expect(view.hasAccess, who).toBe(sees);
      expect(JSON.stringify(view).includes('members only text'), who).toBe(sees);
    }
    const list = (await other.client.get('/api/threads/simple-recent')).body;
    expect(list).not.toContain('members only text');
  });
});

describe('GET /api/threads/{id}', () => {
  it('answers the thread with its board and posts oldest first, 100 at a time', async () => {
    const thread = await createThread(t, author);
    const [{ id: firstId }] = await t.database.db
      .insert(posts)
      .values(Array.from({ length: 105 }, (_, i) => ({ threadId: thread.id, content: `post ${i}` })))
      .returning({ id: posts.id })
      .then((rows) => rows.sort((a, b) => a.id - b.id)) as [{ id: number }];
    const page = (await t.client().get(`/api/threads/${thread.id}`)).json();
    expect(page.board).toEqual({ code: 'g', name: 'Technology', tags: expect.any(Array) });
    expect(page.posts).toHaveLength(100);
    expect(page.posts[0].id).toBe(firstId);
    expect(page.posts[0].content).toBe('post 0');
    const next = (await t.client().get(`/api/threads/${thread.id}?after=${page.posts[99].id}`)).json();
    expect(next.posts.map((post: { content: string }) => post.content)).toEqual(['post 100', 'post 101', 'post 102', 'post 103', 'post 104']);
  });

  it('answers 404 for unknown, malformed and deleted threads', async () => {
    const thread = await createThread(t, author);
    await t.database.db.update(threads).set({ isDeleted: true }).where(eq(threads.id, thread.id));
    for (const id of [thread.id, 99999999, 'abc', '-1', '1e3']) {
      const response = await t.client().get(`/api/threads/${id}`);
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect((await t.client().get('/api/threads/simple-recent')).json().some((item: { id: number }) => item.id === thread.id)).toBe(false);
  });

  it('keeps a deleted post as an empty placeholder', async () => {
    const thread = await createThread(t, author);
    const reply = await createReply(author, thread.id, { content: 'to be removed', isAnonymous: false });
    await t.database.db.update(posts).set({ isDeleted: true }).where(eq(posts.id, reply.id));
    for (const client of [t.client(), admin.client]) {
      const post = (await client.get(`/api/threads/${thread.id}`)).json().posts[0];
      expect(post).toMatchObject({ id: reply.id, isDeleted: true, content: '', imageUrl: null, userId: null, username: null });
    }
    expect((await admin.client.get(`/api/threads/${thread.id}`)).json().posts[0].ipHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('board thread lists', () => {
  it('put sticky threads first, then bump order; sort, page and limit choose the rest', async () => {
    const board = await boardId(t, 'ck');
    const make = async (title: string) => (await createThread(t, author, { boardId: board, title })).id;
    const first = await make('First made');
    const second = await make('Second made');
    const third = await make('Third made');
    const sticky = await make('Pinned one');
    await t.database.db.update(threads).set({ isSticky: true }).where(eq(threads.id, sticky));
    await createReply(other, first); // bumps the first
    await other.client.post(`/api/threads/${second}/vote`, { voteType: 1 });
    await admin.client.post(`/api/threads/${second}/vote`, { voteType: 1 });

    const ids = async (query: string) => ((await t.client().get(`/api/boards/ck/threads${query}`)).json() as { id: number }[]).map((item) => item.id);
    expect(await ids('')).toEqual([sticky, first, third, second]);
    expect(await ids('?sort=newest')).toEqual([sticky, third, second, first]);
    expect((await ids('?sort=popular')).slice(0, 2)).toEqual([sticky, second]);
    expect(await ids('?limit=2&page=2')).toEqual([third, second]);
    expect(await ids('?page=3&limit=2')).toEqual([]);
    for (const query of ['?limit=51', '?limit=0', '?page=0', '?sort=best']) {
      expect((await t.client().get(`/api/boards/ck/threads${query}`)).statusCode, query).toBe(400);
    }
  });

  it('default to 10 a page', async () => {
    const board = await boardId(t, 'lit');
    for (let i = 0; i < 11; i++) await createThread(t, author, { boardId: board });
    expect((await t.client().get('/api/boards/lit/threads')).json()).toHaveLength(10);
  });
});

describe('feeds', () => {
  it('simple-popular ranks engagement above a newer quiet thread, simple-recent by creation', async () => {
    const busy = await createThread(t, author, { title: 'Busy thread' });
    const quiet = await createThread(t, author, { title: 'Quiet thread' });
    for (const voter of [other, admin, member]) await voter.client.post(`/api/threads/${busy.id}/vote`, { voteType: 1 });
    for (let i = 0; i < 5; i++) await createReply(other, busy.id);
    const popular = ((await t.client().get('/api/threads/simple-popular')).json() as { id: number }[]).map((item) => item.id);
    expect(popular.indexOf(busy.id)).toBeLessThan(popular.indexOf(quiet.id) === -1 ? Infinity : popular.indexOf(quiet.id));
    const recent = ((await t.client().get('/api/threads/simple-recent')).json() as { id: number }[]).map((item) => item.id);
    expect(recent[0]).toBe(quiet.id);
    expect(recent.length).toBeLessThanOrEqual(20);
  });
});

describe('counts', () => {
  it('keep users.threadCount and postCount exact for named writing, and the owner\'s figures for all of it', async () => {
    const user = await signUp(t);
    const thread = await createThread(t, user, { isAnonymous: false });
    await createReply(user, thread.id, { isAnonymous: false });
    await createReply(user, thread.id, { isAnonymous: false });
    const anonymous = await createThread(t, user, { isAnonymous: true });
    await createReply(user, anonymous.id, { isAnonymous: true });
    const { rows } = await t.database.db.execute(sql`SELECT thread_count, post_count FROM users WHERE id = ${user.id}`);
    expect(rows[0]).toEqual({ thread_count: 1, post_count: 2 });
    expect((await user.client.get('/api/user')).json()).toMatchObject({ threadCount: 2, postCount: 3 });
  });
});
