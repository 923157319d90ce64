import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { createReply, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let author: TestUser;
let voter: TestUser;

beforeAll(async () => {
  [author, voter] = await Promise.all([signUp(t), signUp(t)]);
});

describe.each(['thread', 'post'] as const)('votes on a %s', (kind) => {
  let url: string;
  beforeAll(async () => {
    const thread = await createThread(t, author);
    url = kind === 'thread' ? `/api/threads/${thread.id}` : `/api/posts/${(await createReply(author, thread.id)).id}`;
  });

  it('needs a signed-in user and a voteType of 1 or -1', async () => {
    expect((await t.client().post(`${url}/vote`, { voteType: 1 })).statusCode).toBe(401);
    for (const voteType of [0, 2, 'up', null]) {
      const response = await voter.client.post(`${url}/vote`, { voteType });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.voteType).toBe('voteType must be 1 or -1');
    }
  });

  it('counts a vote once, moves it when reversed, and remembers it per user', async () => {
    expect((await voter.client.get(`${url}/user-vote`)).json()).toEqual({ userVote: null });
    expect((await voter.client.post(`${url}/vote`, { voteType: 1 })).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await voter.client.post(`${url}/vote`, { voteType: 1 })).json()).toEqual({ upvotes: 1, downvotes: 0 });
    expect((await voter.client.get(`${url}/user-vote`)).json()).toEqual({ userVote: 1 });
    expect((await voter.client.post(`${url}/vote`, { voteType: -1 })).json()).toEqual({ upvotes: 0, downvotes: 1 });
    expect((await voter.client.get(`${url}/user-vote`)).json()).toEqual({ userVote: -1 });
    expect((await t.client().get(`${url}/user-vote`)).json()).toEqual({ userVote: null });
  });

  it('stays exact under 50 concurrent voters', async () => {
    const thread = await createThread(t, author);
    const target = kind === 'thread' ? `/api/threads/${thread.id}` : `/api/posts/${(await createReply(author, thread.id)).id}`;
    // Signed up ten at a time (the concurrency under test is the voting; fifty argon2
    // registrations at once only wait on a busy CI machine's pool), then all vote at once.
    const voters: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let batch = 0; batch < 5; batch++) voters.push(...(await Promise.all(Array.from({ length: 10 }, () => signUp(t)))));
    const results = await Promise.all(voters.map((user, i) => user.client.post(`${target}/vote`, { voteType: i < 30 ? 1 : -1 })));
    expect(results.every((response) => response.statusCode === 200)).toBe(true);
    // Half of them change their minds at once, and every up-voter repeats the vote.
    await Promise.all([
      ...voters.slice(0, 10).map((user) => user.client.post(`${target}/vote`, { voteType: -1 })),
      ...voters.slice(10, 30).map((user) => user.client.post(`${target}/vote`, { voteType: 1 })),
    ]);
    const final = (await voters[0]!.client.post(`${target}/vote`, { voteType: -1 })).json();
    expect(final).toEqual({ upvotes: 20, downvotes: 30 });
  });

  it('answers 404 for an unknown target', async () => {
    const missing = kind === 'thread' ? '/api/threads/99999999' : '/api/posts/99999999';
    expect((await voter.client.post(`${missing}/vote`, { voteType: 1 })).statusCode).toBe(404);
  });
});

describe('GET /api/threads/:id/post-votes', () => {
  it("lists the viewer's own votes on that thread's replies only", async () => {
    const thread = await createThread(t, author);
    const [up, down, unvoted] = await Promise.all([createReply(author, thread.id), createReply(author, thread.id), createReply(author, thread.id)]);
    const elsewhere = await createReply(author, (await createThread(t, author)).id);
    await voter.client.post(`/api/posts/${up.id}/vote`, { voteType: 1 });
    await voter.client.post(`/api/posts/${down.id}/vote`, { voteType: -1 });
    await voter.client.post(`/api/posts/${elsewhere.id}/vote`, { voteType: 1 });
    await voter.client.post(`/api/threads/${thread.id}/vote`, { voteType: 1 });
    await author.client.post(`/api/posts/${unvoted.id}/vote`, { voteType: 1 });

    const listed = await voter.client.get(`/api/threads/${thread.id}/post-votes`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(
      [
        { postId: up.id, userVote: 1 },
        { postId: down.id, userVote: -1 },
      ].sort((a, b) => a.postId - b.postId),
    );
    // Each reply's own answer agrees with the list.
    expect((await voter.client.get(`/api/posts/${down.id}/user-vote`)).json()).toEqual({ userVote: -1 });
    expect((await author.client.get(`/api/threads/${thread.id}/post-votes`)).json()).toEqual([{ postId: unvoted.id, userVote: 1 }]);
  });

  it('is empty for a visitor, and 404 for an id that is not one', async () => {
    const thread = await createThread(t, author);
    const reply = await createReply(author, thread.id);
    await voter.client.post(`/api/posts/${reply.id}/vote`, { voteType: 1 });
    expect((await t.client().get(`/api/threads/${thread.id}/post-votes`)).json()).toEqual([]);
    expect((await t.client().get('/api/threads/abc/post-votes')).statusCode).toBe(404);
  });
});

describe('GET /api/user/thread-votes', () => {
  it("lists the viewer's own votes on the threads asked for", async () => {
    const [up, down, unvoted, notAsked] = await Promise.all([1, 2, 3, 4].map(() => createThread(t, author)));
    await voter.client.post(`/api/threads/${up!.id}/vote`, { voteType: 1 });
    await voter.client.post(`/api/threads/${down!.id}/vote`, { voteType: -1 });
    await voter.client.post(`/api/threads/${notAsked!.id}/vote`, { voteType: 1 });
    await author.client.post(`/api/threads/${unvoted!.id}/vote`, { voteType: 1 });

    const ids = [up!.id, down!.id, unvoted!.id, up!.id].join(',');
    const listed = await voter.client.get(`/api/user/thread-votes?ids=${ids}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(
      [
        { threadId: up!.id, userVote: 1 },
        { threadId: down!.id, userVote: -1 },
      ].sort((a, b) => a.threadId - b.threadId),
    );
  });

  it('needs a signed-in user and 1 to 50 thread ids', async () => {
    expect((await t.client().get('/api/user/thread-votes?ids=1')).statusCode).toBe(401);
    const message = 'ids must be 1 to 50 thread ids, comma-separated';
    for (const ids of ['', 'abc', '1,,2', '0', '1,-2', '99999999999', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
      const response = await voter.client.get(`/api/user/thread-votes?ids=${ids}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message, errors: { ids: message } });
    }
    const missing = await voter.client.get('/api/user/thread-votes');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.ids).toBe(message);
  });
});
