// The load scenarios of the performance issue, for one server pair (Hushboard and the
// raw baseline). Names pair a Hushboard scenario with its baseline twin.
import { BENCH_PASSWORD } from './data.js';
import { random, vocabulary } from './words.js';

export interface Scenario {
  name: string;
  target: 'hushboard' | 'baseline';
  path: string;
  /** A fixed mix instead of one path: every connection takes these in turn. */
  mix?: string[];
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  /** Seconds a client waits before giving up on a request (and closing its connection). */
  timeout?: number;
  /** The name of the scenarios this one is compared with, when its own name differs: they are measured in turns. */
  group?: string;
}

/** What a browser sends that changes the answer: it takes compressed bodies. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** The thread a write scenario replies to, so the run can check its reply count stayed exact. */
export const REPLY_THREAD_ID = 7;

/** Searches over a fixed mix: a word in no post (the planner trap), a rare word, the most common word, two words. */
export function searchMix(): string[] {
  const words = vocabulary(20_000, random(42));
  return ['xyzzyplugh', words[15_000]!, words[0]!, `${words[3]} ${words[40]}`].map((query) => `/api/search?query=${encodeURIComponent(query)}`);
}

export function scenarios(signedIn: Record<string, string>, csrf: Record<string, string>): Scenario[] {
  const mix = searchMix();
  return [
    { name: 'trivial route', target: 'hushboard', path: '/healthz' },
    { name: 'trivial route', target: 'baseline', path: '/trivial' },
    // A returning visitor sends the CSRF cookie (from an earlier login); a new one gets a token and no cookie (and must cost the same).
    { name: 'trivial route, with cookie', target: 'hushboard', path: '/healthz', headers: { cookie: csrf.cookie! }, group: 'trivial route' },
    { name: 'primary-key route', target: 'hushboard', path: '/api/board-by-id/1' },
    { name: 'primary-key route', target: 'baseline', path: '/api/board-by-id/1' },
    { name: 'thread page, 100 replies', target: 'hushboard', path: '/api/threads/6' },
    { name: 'thread page, 100 replies', target: 'baseline', path: '/api/threads/6' },
    // A signed-in reader's page is their own (own votes, premium access): never from the visitors' page cache, so this is the page's full cost.
    { name: 'thread page, 100 replies, signed in', target: 'hushboard', path: '/api/threads/6', headers: signedIn, group: 'thread page, 100 replies' },
    // The same thread's page as HTML rendered on the server (CONTRACT.md section 12), in turns with its JSON.
    { name: 'thread page html, 100 replies', target: 'hushboard', path: '/thread/6', group: 'thread page, 100 replies' },
    { name: 'thread page, 1,200 replies', target: 'hushboard', path: '/api/threads/1' },
    { name: 'thread page, 1,200 replies', target: 'baseline', path: '/api/threads/1' },
    { name: 'board page 1', target: 'hushboard', path: '/api/boards/g/threads' },
    { name: 'board page 1', target: 'baseline', path: '/api/boards/g/threads' },
    // The same read by a returning visitor: a new visitor's token comes from its address, a returning one's from its cookie.
    { name: 'board page 1, with cookie', target: 'hushboard', path: '/api/boards/g/threads', headers: { cookie: csrf.cookie! }, group: 'board page 1' },
    { name: 'board page html', target: 'hushboard', path: '/board/g', group: 'board page 1' },
    // HTML and JSON as a browser asks for them (compressed), in turns with each other.
    { name: 'thread page, 100 replies, as a browser', target: 'hushboard', path: '/api/threads/6', headers: BROWSER },
    { name: 'thread page html, 100 replies, as a browser', target: 'hushboard', path: '/thread/6', headers: BROWSER, group: 'thread page, 100 replies, as a browser' },
    { name: 'board page 1, as a browser', target: 'hushboard', path: '/api/boards/g/threads', headers: BROWSER },
    { name: 'board page html, as a browser', target: 'hushboard', path: '/board/g', headers: BROWSER, group: 'board page 1, as a browser' },
    { name: 'board page 8', target: 'hushboard', path: '/api/boards/g/threads?page=8' },
    { name: 'board page 8', target: 'baseline', path: '/api/boards/g/threads?page=8' },
    { name: 'recent feed', target: 'hushboard', path: '/api/threads/simple-recent' },
    { name: 'popular feed', target: 'hushboard', path: '/api/threads/simple-popular' },
    { name: 'search, common word', target: 'hushboard', path: mix[2]! },
    { name: 'search, rare word', target: 'hushboard', path: mix[1]! },
    { name: 'search mix', target: 'hushboard', path: mix[0]!, mix, connections: 1 },
    { name: 'search mix', target: 'hushboard', path: mix[0]!, mix },
    { name: 'create reply', target: 'hushboard', path: '/api/posts', method: 'POST', body: JSON.stringify({ threadId: REPLY_THREAD_ID, content: 'A benchmark reply' }), headers: signedIn },
    { name: 'vote', target: 'hushboard', path: '/api/threads/8/vote', method: 'POST', body: JSON.stringify({ voteType: 1 }), headers: signedIn },
    { name: 'login', target: 'hushboard', path: '/api/login', method: 'POST', body: JSON.stringify({ username: 'user3', password: BENCH_PASSWORD }), headers: { ...csrf, 'content-type': 'application/json' }, connections: 10 },
    // Far more clients than the server can serve, each giving up after a second: queries of abandoned requests must be cancelled.
    { name: 'overload, thread page', target: 'hushboard', path: '/api/threads/1', connections: 400, timeout: 1 },
  ];
}

/** Scenarios compared across data sizes (the scaling check). */
export const SCALING = ['thread page, 100 replies', 'thread page, 1,200 replies', 'board page 1', 'board page 8', 'recent feed', 'popular feed', 'search mix'];
