import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Poll, ThreadDetail } from '../../../shared/api.js';
import { useTestApp } from '../../test/app.js';
import { boardId, createThread, signUp, type TestUser } from '../../test/factories.js';

const t = useTestApp();
let author: TestUser;
let voter: TestUser;

beforeAll(async () => {
  [author, voter] = await Promise.all([signUp(t), signUp(t)]);
});

const basePoll = { question: 'Which editor?', options: ['vim', 'emacs', 'nano'], multiple: false, showResults: 'always' };

async function pollThread(poll: Record<string, unknown> = {}, by: TestUser = author, fields: Record<string, unknown> = {}) {
  const thread = (await createThread(t, by, { poll: { ...basePoll, ...poll }, ...fields })) as unknown as ThreadDetail;
  return { thread, poll: thread.poll! };
}

const read = async (client: TestUser['client'], threadId: number) => ((await client.get(`/api/threads/${threadId}`)).json() as ThreadDetail).poll;
const vote = (user: TestUser, pollId: number, optionIds: unknown) => user.client.post(`/api/polls/${pollId}/vote`, { optionIds });

/** Moves a poll's closing time into the past, as time passing would. */
const closeNow = (pollId: number) => t.database.db.execute(sql`UPDATE polls SET closes_at = now() - interval '1 second' WHERE id = ${pollId}`);

describe('creating a thread with a poll', () => {
  it('takes the poll as a JSON string in multipart and answers it on the thread', async () => {
    const response = await author.client.postForm('/api/threads', {
      boardId: String(await boardId(t)),
      title: 'A thread with a poll',
      content: 'Vote below please',
      poll: JSON.stringify({ ...basePoll, multiple: true, showResults: 'after-vote' }),
    });
    expect(response.statusCode).toBe(201);
    const thread = response.json() as ThreadDetail;
    expect(thread.hasPoll).toBe(true);
    expect(thread.poll).toMatchObject({ question: 'Which editor?', multiple: true, closesAt: null, showResults: 'after-vote', voters: null, myVote: null });
    expect(thread.poll!.options.map((option) => [option.text, option.votes])).toEqual([
      ['vim', null],
      ['emacs', null],
      ['nano', null],
    ]);
    // The board's card carries the badge's flag; threads without a poll answer poll: null.
    const list = (await t.client().get('/api/boards/g/threads?sort=newest')).json() as { id: number; hasPoll: boolean }[];
    expect(list.find((item) => item.id === thread.id)?.hasPoll).toBe(true);
    const plain = await createThread(t, author);
    expect(plain.poll).toBeNull();
    expect(plain.hasPoll).toBe(false);
  });

  it.each([
    [{ question: 'ab' }, 'poll.question', 'Question must be at least 3 characters'],
    [{ question: 'q'.repeat(201) }, 'poll.question', 'Question must be at most 200 characters'],
    [{ options: ['only one'] }, 'poll.options', 'A poll needs 2 to 10 options'],
    [{ options: Array.from({ length: 11 }, (_, i) => `option ${i}`) }, 'poll.options', 'A poll needs 2 to 10 options'],
    [{ options: ['yes', '  '] }, 'poll.options.1', 'Options cannot be empty'],
    [{ options: ['yes', 'n'.repeat(101)] }, 'poll.options.1', 'Options must be at most 100 characters'],
    [{ options: ['Yes', ' yes '] }, 'poll.options', 'Options must all be different'],
    [{ closesAt: new Date(Date.now() - 60_000).toISOString() }, 'poll.closesAt', 'Closing time must be in the future'],
    [{ closesAt: 'tomorrow' }, 'poll.closesAt', 'Closing time must be a date and time'],
    [{ showResults: 'never' }, 'poll.showResults', 'Results must be shown always, after voting or after closing'],
  ])('refuses %j with its message, and makes nothing', async (poll, field, message) => {
    const before = await t.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM polls`);
    const response = await author.client.post('/api/threads', { boardId: await boardId(t), title: 'Refused poll', content: 'Some thread content', poll: { ...basePoll, ...poll } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field]).toBe(message);
    const after = await t.database.db.execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM polls`);
    expect(after.rows[0]!.count).toBe(before.rows[0]!.count);
  });

  it('refuses a poll that is not JSON in multipart', async () => {
    const response = await author.client.postForm('/api/threads', { boardId: String(await boardId(t)), title: 'Bad poll', content: 'Some thread content', poll: '{not json' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.poll).toBe('Poll must be a JSON object');
  });
});

describe('POST /api/polls/{id}/vote', () => {
  it('needs a signed-in user (401) and answers 404 for an unknown poll', async () => {
    const { poll } = await pollThread();
    expect((await t.client().post(`/api/polls/${poll.id}/vote`, { optionIds: [poll.options[0]!.id] })).statusCode).toBe(401);
    expect((await vote(voter, 99_999_999, [1])).statusCode).toBe(404);
    expect((await vote(voter, 'abc' as unknown as number, [1])).statusCode).toBe(404);
  });

  it('counts a vote, changes it, and keeps one ballot per account', async () => {
    const { thread, poll } = await pollThread();
    const [vim, emacs] = poll.options;
    const first = await vote(voter, poll.id, [vim!.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ voters: 1, myVote: [vim!.id] });
    const changed = (await vote(voter, poll.id, [emacs!.id])).json() as Poll;
    expect(changed.voters).toBe(1);
    expect(changed.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    expect(changed.myVote).toEqual([emacs!.id]);
    // Each viewer sees their own choice; visitors none.
    expect((await read(voter.client, thread.id))!.myVote).toEqual([emacs!.id]);
    expect((await read(author.client, thread.id))!.myVote).toBeNull();
    expect((await read(t.client(), thread.id))!.myVote).toBeNull();
  });

  it('takes several options on a multiple-choice poll, one on a single-choice poll', async () => {
    const single = (await pollThread()).poll;
    const twoChosen = await vote(voter, single.id, [single.options[0]!.id, single.options[1]!.id]);
    expect(twoChosen.statusCode).toBe(400);
    expect(twoChosen.json()).toEqual({ message: 'This poll takes only one choice', errors: { optionIds: 'This poll takes only one choice' } });

    const multiple = (await pollThread({ multiple: true })).poll;
    const ids = multiple.options.map((option) => option.id);
    const answer = (await vote(voter, multiple.id, [ids[2], ids[0]])).json() as Poll;
    expect(answer.myVote).toEqual([ids[0], ids[2]]);
    expect(answer.options.map((option) => option.votes)).toEqual([1, 0, 1]);
    const fewer = (await vote(voter, multiple.id, [ids[1]])).json() as Poll;
    expect(fewer.options.map((option) => option.votes)).toEqual([0, 1, 0]);
    expect(fewer.voters).toBe(1);
  });

  it('answers 400 for an unknown option or none, and changes nothing', async () => {
    const { poll } = await pollThread();
    const other = (await pollThread()).poll;
    const unknown = await vote(voter, poll.id, [other.options[0]!.id]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('No such option in this poll');
    const none = await vote(voter, poll.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.optionIds).toBe('Choose at least one option');
    const garbage = await vote(voter, poll.id, 'first');
    expect(garbage.statusCode).toBe(400);
    const state = (await vote(author, poll.id, [poll.options[0]!.id])).json() as Poll;
    expect(state.voters).toBe(1);
  });

  it('answers 403 once the poll has closed, and keeps the ballots it had', async () => {
    const { thread, poll } = await pollThread({ closesAt: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await vote(voter, poll.id, [poll.options[1]!.id])).statusCode).toBe(200);
    await closeNow(poll.id);
    t.app.services.visitorPages.forgetAll();
    // The definition the vote remembered still says an hour: a fresh service reads the closing time again.
    const closed = await t.client().get(`/api/threads/${thread.id}`);
    expect((closed.json() as ThreadDetail).poll!.options[1]!.votes).toBe(1);
    const fresh = (await import('./service.js')).createPollService(t.database.db);
    await expect(fresh.vote(poll.id, Buffer.alloc(32, 7), [poll.options[0]!.id])).rejects.toMatchObject({ statusCode: 403, message: 'This poll is closed' });
  });

  it('answers 403 {"message": "This poll is closed"} over HTTP', async () => {
    const { poll } = await pollThread({ closesAt: new Date(Date.now() + 1500).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const response = await vote(voter, poll.id, [poll.options[0]!.id]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This poll is closed' });
  });
});

describe('who sees the results', () => {
  const votesOf = (poll: Poll | null) => poll!.options.map((option) => option.votes);

  it('"always": everyone, visitors included', async () => {
    const { thread, poll } = await pollThread({ showResults: 'always' });
    await vote(voter, poll.id, [poll.options[0]!.id]);
    expect(votesOf(await read(t.client(), thread.id))).toEqual([1, 0, 0]);
    expect((await read(author.client, thread.id))!.voters).toBe(1);
  });

  it('"after-vote": only those who voted, the author too until they vote', async () => {
    const { thread, poll } = await pollThread({ showResults: 'after-vote' });
    const answer = (await vote(voter, poll.id, [poll.options[2]!.id])).json() as Poll;
    expect(answer.options.map((option) => option.votes)).toEqual([0, 0, 1]);
    expect(votesOf(await read(voter.client, thread.id))).toEqual([0, 0, 1]);
    const hidden = await read(author.client, thread.id);
    expect(votesOf(hidden)).toEqual([null, null, null]);
    expect(hidden!.voters).toBeNull();
    expect(votesOf(await read(t.client(), thread.id))).toEqual([null, null, null]);
    await vote(author, poll.id, [poll.options[0]!.id]);
    expect(votesOf(await read(author.client, thread.id))).toEqual([1, 0, 1]);
  });

  it('"after-close": nobody, the author and voters included, until it closes; then everyone', async () => {
    const closesAt = Date.now() + 2000;
    const { thread, poll } = await pollThread({ showResults: 'after-close', closesAt: new Date(closesAt).toISOString() });
    const answer = (await vote(voter, poll.id, [poll.options[1]!.id])).json() as Poll;
    expect(answer.voters).toBeNull();
    expect(answer.options.every((option) => option.votes === null)).toBe(true);
    await vote(author, poll.id, [poll.options[1]!.id]);
    for (const client of [voter.client, author.client, t.client()]) expect(votesOf(await read(client, thread.id))).toEqual([null, null, null]);
    // A visitor's kept page of the open poll...
    expect(votesOf(await read(t.client(), thread.id))).toEqual([null, null, null]);
    await new Promise((resolve) => setTimeout(resolve, closesAt - Date.now() + 50));
    // ...is not kept past the closing time, though nothing was written to announce it.
    for (const client of [t.client(), voter.client, author.client]) expect(votesOf(await read(client, thread.id))).toEqual([0, 2, 0]);
  });
});

describe('privacy of ballots', () => {
  it('keeps no account, time or order on a ballot', async () => {
    const { rows } = await t.database.db.execute<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'poll_ballots' ORDER BY ordinal_position`,
    );
    expect(rows.map((row) => row.column_name)).toEqual(['poll_id', 'voter_tag', 'option_ids']);
    const { poll } = await pollThread();
    await vote(voter, poll.id, [poll.options[0]!.id]);
    const ballots = await t.database.db.execute<{ voter_tag: string }>(sql`SELECT voter_tag FROM poll_ballots WHERE poll_id = ${poll.id}`);
    expect(ballots.rows).toHaveLength(1);
    // The tag is not anything the account's rows hold.
    const { rows: users } = await t.database.db.execute(sql`SELECT * FROM users WHERE id = ${voter.id}`);
    expect(JSON.stringify(users)).not.toContain(ballots.rows[0]!.voter_tag);
  });

  it("never puts a viewer's vote on the visitors' kept page", async () => {
    const { thread, poll } = await pollThread({ showResults: 'always' });
    await vote(voter, poll.id, [poll.options[0]!.id]);
    // The voter reads first, then visitors: their page is made for visitors, not copied from the voter's.
    expect((await read(voter.client, thread.id))!.myVote).toEqual([poll.options[0]!.id]);
    for (let i = 0; i < 3; i++) expect((await read(t.client(), thread.id))!.myVote).toBeNull();
    // The kept page holds no ballot of anyone's (e2e/polls.spec.ts checks the server-rendered page).
    const kept = await t.client().get(`/api/threads/${thread.id}`);
    expect(kept.body).not.toContain(`"myVote":[`);
  });
});

describe('counts under concurrency', () => {
  it('stay equal to the ballots when 60 voters vote and change at once', async () => {
    const { poll } = await pollThread({ multiple: true });
    const [a, b, c] = poll.options.map((option) => option.id) as [number, number, number];
    // Signed up a few at a time: registering is argon2 work, not what is tested.
    const voters: TestUser[] = [];
    for (let group = 0; group < 10; group++) voters.push(...(await Promise.all(Array.from({ length: 6 }, () => signUp(t)))));
    const firstRound = await Promise.all(voters.map((user, i) => vote(user, poll.id, i % 2 ? [a] : [b, c])));
    expect(firstRound.every((response) => response.statusCode === 200)).toBe(true);
    // Everyone changes, some twice at the same moment (the same voter's ballots racing each other).
    await Promise.all([
      ...voters.map((user, i) => vote(user, poll.id, i % 3 === 0 ? [c] : [a, b])),
      ...voters.slice(0, 10).map((user) => vote(user, poll.id, [c])),
    ]);
    const { rows } = await t.database.db.execute<{ option: number; count: number }>(
      sql`SELECT o AS option, count(*)::int AS count FROM poll_ballots, unnest(option_ids) o WHERE poll_id = ${poll.id} GROUP BY o`,
    );
    const real = new Map(rows.map((row) => [row.option, row.count]));
    const final = (await vote(voters[0]!, poll.id, [c])).json() as Poll;
    const afterLast = new Map(real);
    expect(final.voters).toBe(60);
    // The last vote is voters[0]'s [c], which it already had (i = 0: [c]).
    expect(final.options.map((option) => option.votes)).toEqual([a, b, c].map((id) => afterLast.get(id) ?? 0));
    expect(final.options.reduce((sum, option) => sum + option.votes!, 0)).toBe(rows.reduce((sum, row) => sum + row.count, 0));
  });
});

describe('live updates', () => {
  // The event log is what every instance's streams send from (modules/events).
  const updates = async (threadId: number) =>
    (await t.database.db.execute<{ data: unknown }>(sql`SELECT data FROM event_log WHERE topic = ${`thread:${threadId}`} AND type = 'update' ORDER BY id`)).rows;

  it('publishes an update naming the thread only, and none for a poll whose results wait for its close', async () => {
    const { thread, poll } = await pollThread({ showResults: 'always' });
    const hidden = await pollThread({ showResults: 'after-close', closesAt: new Date(Date.now() + 3_600_000).toISOString() });
    await vote(voter, poll.id, [poll.options[0]!.id]);
    await vote(voter, hidden.poll.id, [hidden.poll.options[0]!.id]);
    expect(await updates(thread.id)).toEqual([{ data: { threadId: thread.id } }]);
    expect(await updates(hidden.thread.id)).toEqual([]);
  });
});

describe('feeds', () => {
  it('show the poll as text: its question and options, no counts', async () => {
    const { thread, poll } = await pollThread({ question: 'Tabs <or> spaces?', options: ['Tabs', 'Spaces'] });
    await vote(voter, poll.id, [poll.options[0]!.id]);
    const xml = (await t.client().get('/feeds/recent.atom')).body;
    const entry = [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((match) => match[1]!).find((text) => text.includes(`/thread/${thread.id}<`))!;
    expect(entry).toContain('<p>Poll: Tabs &lt;or&gt; spaces?</p><ul><li>Tabs</li><li>Spaces</li></ul>');
  });
});
