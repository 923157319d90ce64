// `npm run bench:data -- --posts 1000000`: a realistic data set written straight into
// a database in bulk (multi-row INSERT ... SELECT FROM unnest), in minutes.
// Target: --database-url, else BENCH_DATABASE_URL, else the bench's own embedded
// PostgreSQL under bench/.data; the database is named bench_<posts> and replaced.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client.js';
import { startEmbeddedPostgres } from '../src/server/db/embedded.js';
import { prepareDatabase } from '../src/server/db/migrate.js';
import { projectRoot } from '../src/server/lib/paths.js';
import { random, sentence, vocabulary, zipf } from './words.js';

const BATCH = 5000;
export const BENCH_PASSWORD = 'benchpass';

export async function benchAdminUrl(explicit?: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const url = explicit ?? process.env.BENCH_DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    clusterDir: path.join(projectRoot, 'bench', '.data', 'postgres'),
    // 2 GB holds the 1M-post set (posts are 1 GB with their indexes), as a production server of that size would be tuned.
    settings: { shared_buffers: "'2GB'", max_connections: '200' },
  });
  return { url: embedded.url, stop: embedded.stop };
}

/** Bumped whenever the generator's output changes, so an older data set is never reused. */
const DATA_VERSION = 2;
export const databaseName = (posts: number) => `bench_v${DATA_VERSION}_${posts}`;

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function insert(client: pg.Client, table: string, columns: [string, string][], rows: unknown[][]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const arrays = columns.map((_, index) => batch.map((row) => row[index]));
    const names = columns.map(([name]) => name).join(', ');
    const unnest = columns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ');
    await client.query(`INSERT INTO ${table} (${names}) SELECT * FROM unnest(${unnest})`, arrays);
  }
}

export async function generate(posts: number, adminUrl: string, log = console.log): Promise<string> {
  const rand = random(42);
  const words = vocabulary(20_000, rand);
  const draw = zipf(words.length, 1.07, rand);
  // Users and threads are the same at every size, so the scaling check (10k against 1M
  // posts) compares the same board pages and changes only how many posts there are.
  const userCount = 10_000;
  const threadCount = 20_000;
  const now = Date.now();
  const yearMs = 365 * 86_400_000;

  const name = databaseName(posts);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = createDatabase(url, { warn() {} }, { max: 1 });
  await prepareDatabase(database.pool);
  await database.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const passwordHash = await hash(BENCH_PASSWORD);

  log(`users: ${userCount}`);
  await insert(
    client,
    'users',
    [['username', 'text'], ['password_hash', 'text'], ['is_admin', 'bool'], ['created_at', 'timestamptz']],
    Array.from({ length: userCount }, (_, i) => [`user${i + 1}`, passwordHash, i === 0, new Date(now - yearMs - rand() * yearMs)]),
  );

  log(`threads: ${threadCount}`);
  const threadCreated: number[] = [];
  const threadRows = Array.from({ length: threadCount }, (_, i) => {
    const createdAt = now - rand() * yearMs;
    threadCreated.push(createdAt);
    const premium = rand() < 0.02;
    return [
      1 + (i % 7),
      1 + Math.floor(rand() * userCount),
      sentence(words, draw, rand, 3, 9).slice(0, 100),
      sentence(words, draw, rand, 20, 80),
      new Date(createdAt),
      rand() < 0.6,
      premium,
      premium ? '0.01' : null,
      premium ? sentence(words, draw, rand, 20, 60) : null,
      `${(i * 2654435761) % 0xffffffff}`.padStart(64, '0'),
    ];
  });
  await insert(
    client,
    'threads',
    [
      ['board_id', 'int'], ['user_id', 'int'], ['title', 'text'], ['content', 'text'], ['created_at', 'timestamptz'],
      ['is_anonymous', 'bool'], ['is_premium', 'bool'], ['access_price', 'numeric'], ['premium_content', 'text'], ['ip_hash', 'text'],
    ],
    threadRows,
  );

  // Threads 1-5 get 1,200 replies each, thread 6 exactly 100, the rest share what is left.
  log(`posts: ${posts}`);
  const lastPostInThread = new Map<number, number>();
  let postId = 0;
  const postRows: unknown[][] = [];
  const flush = async () => {
    await insert(
      client,
      'posts',
      [['thread_id', 'int'], ['user_id', 'int'], ['content', 'text'], ['created_at', 'timestamptz'], ['is_anonymous', 'bool'], ['reply_to_id', 'int']],
      postRows.splice(0),
    );
  };
  const fixed = [1200, 1200, 1200, 1200, 1200, 100];
  for (let i = 0; i < posts; i++) {
    let threadId: number;
    const fixedIndex = fixed.findIndex((left) => left > 0);
    if (fixedIndex >= 0 && i < 6100) {
      fixed[fixedIndex]! -= 1;
      threadId = fixedIndex + 1;
    } else {
      threadId = 7 + Math.floor(rand() * (threadCount - 6));
    }
    postId += 1;
    const previous = lastPostInThread.get(threadId);
    lastPostInThread.set(threadId, postId);
    const created = threadCreated[threadId - 1]! + rand() * (now - threadCreated[threadId - 1]!);
    postRows.push([
      threadId,
      1 + Math.floor(rand() * userCount),
      sentence(words, draw, rand, 5, 60),
      new Date(created),
      rand() < 0.6,
      previous !== undefined && rand() < 0.2 ? previous : null,
    ]);
    if (postRows.length >= BATCH * 4) await flush();
    if (i % 100_000 === 99_999) log(`  ${i + 1} posts (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await flush();

  log('votes and follows');
  const voteRows: unknown[][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < Math.round(posts / 10); i++) {
    const userId = 1 + Math.floor(rand() * userCount);
    const onThread = rand() < 0.3;
    const target = onThread ? 1 + Math.floor(rand() * threadCount) : 1 + Math.floor(rand() * posts);
    const key = `${userId}:${onThread ? 't' : 'p'}${target}`;
    if (seen.has(key)) continue;
    seen.add(key);
    voteRows.push([userId, onThread ? target : null, onThread ? null : target, rand() < 0.8 ? 1 : -1]);
  }
  await insert(client, 'votes', [['user_id', 'int'], ['thread_id', 'int'], ['post_id', 'int'], ['vote_type', 'int2']], voteRows);
  const follows = new Set<string>();
  const followRows: unknown[][] = [];
  for (let i = 0; i < userCount * 3; i++) {
    const a = 1 + Math.floor(rand() * userCount);
    const b = 1 + Math.floor(rand() * userCount);
    if (a === b || follows.has(`${a}:${b}`)) continue;
    follows.add(`${a}:${b}`);
    followRows.push([a, b]);
  }
  await insert(client, 'followers', [['follower_id', 'int'], ['following_id', 'int']], followRows);

  log('tips');
  const tipRows = Array.from({ length: Math.min(5000, Math.round(posts / 200)) }, (_, i) => [
    `0x${i.toString(16).padStart(64, '0')}`,
    (rand() * 0.01 + 0.0001).toFixed(8),
    1 + Math.floor(rand() * userCount),
    1 + Math.floor(rand() * threadCount),
    rand() < 0.8 ? 'confirmed' : 'pending',
  ]);
  await insert(client, 'payment_transactions', [['tx_hash', 'text'], ['kind', 'text'], ['user_id', 'int']], tipRows.map((row) => [row[0], 'tip', row[2]]));
  await insert(
    client,
    'crypto_tips',
    [['tx_hash', 'text'], ['amount', 'numeric'], ['from_user_id', 'int'], ['thread_id', 'int'], ['status', 'text'], ['currency', 'text'], ['recipient_address', 'text']],
    tipRows.map((row) => [...row, 'ETH', '0x000000000000000000000000000000000000dEaD']),
  );

  log('counters, bump times and scores');
  await client.query(`
    UPDATE threads t SET reply_count = c.n, bumped_at = greatest(t.created_at, c.last)
    FROM (SELECT thread_id, count(*)::int AS n, max(created_at) AS last FROM posts GROUP BY thread_id) c
    WHERE t.id = c.thread_id`);
  await client.query(`
    UPDATE threads t SET upvotes = c.up, downvotes = c.down
    FROM (SELECT thread_id, count(*) FILTER (WHERE vote_type = 1)::int AS up, count(*) FILTER (WHERE vote_type = -1)::int AS down FROM votes WHERE thread_id IS NOT NULL GROUP BY thread_id) c
    WHERE t.id = c.thread_id`);
  await client.query(`
    UPDATE posts p SET upvotes = c.up, downvotes = c.down
    FROM (SELECT post_id, count(*) FILTER (WHERE vote_type = 1)::int AS up, count(*) FILTER (WHERE vote_type = -1)::int AS down FROM votes WHERE post_id IS NOT NULL GROUP BY post_id) c
    WHERE p.id = c.post_id`);
  await client.query(`
    UPDATE threads SET hot_score = sign(upvotes - downvotes + reply_count) * log(greatest(abs(upvotes - downvotes + reply_count), 1)) + extract(epoch from created_at) / 45000`);
  await client.query(`
    UPDATE users u SET thread_count = coalesce(t.n, 0), post_count = coalesce(p.n, 0)
    FROM users x
    LEFT JOIN (SELECT user_id, count(*)::int AS n FROM threads GROUP BY user_id) t ON t.user_id = x.id
    LEFT JOIN (SELECT user_id, count(*)::int AS n FROM posts GROUP BY user_id) p ON p.user_id = x.id
    WHERE u.id = x.id`);
  await client.query('VACUUM ANALYZE');
  await client.end();
  log(`done in ${Math.round((Date.now() - started) / 1000)} s: ${name}`);
  return url;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { posts: { type: 'string', default: '10000' }, 'database-url': { type: 'string' } } });
  const posts = Number(values.posts);
  if (!Number.isInteger(posts) || posts < 6200) {
    console.error('--posts must be a whole number of at least 6200');
    process.exit(1);
  }
  const target = await benchAdminUrl(values['database-url']);
  try {
    console.log(await generate(posts, target.url));
  } finally {
    await target.stop();
  }
}
