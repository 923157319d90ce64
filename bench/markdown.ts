// Markdown's cost (issue 29): the nasty-input corpus at the size limit (target: under
// 50 ms per post), and what rendering adds to a thread page of 100 Markdown replies,
// the first time (every post rendered) and after (kept by text, lib/post-html.ts).
// In-process and single-threaded: `npm run bench:markdown`, and part of `npm run bench`.
import { renderPostContent } from '../src/server/lib/post-html.js';
import { NASTY_CORPUS } from '../src/shared/markdown/nasty-corpus.js';
import { renderMarkdown } from '../src/shared/markdown/renderer.js';
import { random, sentence, vocabulary } from './words.js';

export interface MarkdownBench {
  /** The slowest corpus entry's median render time, ms, and its name. */
  nastyWorstMs: number;
  nastyWorst: string;
  /** Rendering a 100-reply page's posts: all new, and all kept. ms per page. */
  pageColdMs: number;
  pageKeptMs: number;
}

function medianMs(work: () => void, runs: number): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

/** Replies as people write them: sentences with emphasis, a quote, a reference, a link, code, a spoiler. */
function markdownReplies(count: number, salt: string): string[] {
  const rand = random(7);
  const words = vocabulary(5_000, rand);
  const draw = () => Math.floor(rand() * words.length);
  return Array.from({ length: count }, (_, i) => {
    const text = sentence(words, draw, rand, 5, 60);
    return `>>${1000 + i}\n>${sentence(words, draw, rand, 3, 10)}\n**${words[draw()]}** ${text} _${words[draw()]}_ \`${words[draw()]}()\` ||${words[draw()]}|| https://example.com/${words[draw()]} ${salt}${i}`;
  });
}

export function markdownBench(): MarkdownBench {
  let nastyWorstMs = 0;
  let nastyWorst = '';
  for (const [name, input] of Object.entries(NASTY_CORPUS)) {
    const ms = medianMs(() => renderMarkdown(input), 5);
    if (ms > nastyWorstMs) [nastyWorstMs, nastyWorst] = [ms, name];
  }
  let round = 0;
  // Cold: texts never seen (a new salt each run), so every post is rendered.
  const pageColdMs = medianMs(() => {
    for (const text of markdownReplies(100, `cold${round++}-`)) renderPostContent(text);
  }, 9);
  const kept = markdownReplies(100, 'kept-');
  // Fresh string copies, as each request reads its rows anew from PostgreSQL.
  const pageKeptMs = medianMs(() => {
    for (const text of kept) renderPostContent(text.split('').join(''));
  }, 9);
  const result = { nastyWorstMs: round2(nastyWorstMs), nastyWorst, pageColdMs: round2(pageColdMs), pageKeptMs: round2(pageKeptMs) };
  console.log(
    `\nmarkdown: nasty-input corpus at ${Object.keys(NASTY_CORPUS).length} shapes of 20,000 characters, slowest "${result.nastyWorst}" ${result.nastyWorstMs} ms per post (target < 50); ` +
      `a 100-reply Markdown page's posts rendered ${result.pageColdMs} ms when new, ${result.pageKeptMs} ms once kept`,
  );
  return result;
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

if (import.meta.url === `file://${process.argv[1]}`) markdownBench();
