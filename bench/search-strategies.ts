// `tsx bench/search-strategies.ts <database-url>`: times both ways of gathering search
// candidates (newest-first walk, GIN index) for words across the frequency range of a
// bench data set, next to the one chooseStrategy picks: the check behind its constants.
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/server/db/client.js';
import { createSearchService } from '../src/server/modules/search/service.js';
import { chooseStrategy, estimate, type SearchStrategy } from '../src/server/modules/search/strategy.js';
import { createTermStatsCache } from '../src/server/modules/search/term-stats.js';

const url = process.argv[2];
if (!url) throw new Error('usage: tsx bench/search-strategies.ts <database-url>');
const database = createDatabase(url, { warn() {} }, { max: 2 });
const search = createSearchService(database.db, database.pool);
const stats = await createTermStatsCache(database.db)('posts');
if (!stats) throw new Error('posts has no statistics yet: run ANALYZE');

const ranked = [...stats.frequencies].sort((a, b) => b[1] - a[1]);
const pick = (fraction: number) => ranked.find(([, f]) => f <= fraction)?.[0] ?? ranked.at(-1)![0];
const words = [ranked[0]![0], pick(0.3), pick(0.1), pick(0.03), pick(0.01), pick(0.005), ranked.at(-1)![0]];
const queries = [...words, 'xyzzyplugh', `${words[0]} ${words[1]}`, `${words[1]} ${words[2]}`, `${words[2]} ${words[3]}`, `${words[3]} ${words[4]}`, `${words[0]} -${words[1]}`, `${words[2]} or ${words[5]}`];

async function timeIt(query: string, strategy: SearchStrategy): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const start = performance.now();
    await search.search(query, 'posts', { strategy });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[3]!;
}

console.log('query'.padEnd(28), 'matching  postings  chosen   recent ms  index ms');
for (const query of queries) {
  const { rows } = await database.db.execute<{ text: string }>(sql`SELECT websearch_to_tsquery('english', ${query})::text AS text`);
  const text = rows[0]!.text;
  const { matching, postings } = estimate(text, stats);
  const chosen = chooseStrategy(text, stats);
  const [recent, index] = [await timeIt(query, 'recent'), await timeIt(query, 'index')];
  const best = recent < index ? 'recent' : 'index';
  console.log(query.padEnd(28), matching.toFixed(4).padStart(8), postings.toFixed(4).padStart(9), chosen.padEnd(7), recent.toFixed(1).padStart(10), index.toFixed(1).padStart(9), best === chosen ? '' : '  <- not the faster');
}
await database.close();
