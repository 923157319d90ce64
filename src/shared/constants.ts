// Limits and business constants shared by the server and the web app (SPEC.md section 9).

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 4;
/** Upper bound so a huge password cannot make hashing a denial of service. */
export const PASSWORD_MAX = 256;
export const EMAIL_MAX = 254;
export const BIO_MAX = 500;

export const THREAD_TITLE_MIN = 3;
export const THREAD_TITLE_MAX = 100;
export const THREAD_CONTENT_MIN = 5;
export const REPLY_CONTENT_MAX = 2000;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What one instance keeps of the thread and board pages visitors read, counted as their text (server/modules/threads/visitor-pages.ts; their encoded forms come on top). */
export const VISITOR_PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** Image limits read from the header, before any pixel is decoded (CONTRACT.md section 5). */
export const IMAGE_MAX_SIDE = 10_000;
/** Pixels across every frame: each frame of an animation is decoded and encoded again. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Frames of an animated GIF or WebP: each one costs its own palette and encoding (5,000 tiny frames took 11 s of CPU). */
export const IMAGE_MAX_FRAMES = 200;
export const SEARCH_QUERY_MIN = 3;
export const ADDRESS_MIN = 10;
export const ADDRESS_MAX = 128;
export const TX_HASH_MIN = 10;
export const TX_HASH_MAX = 128;

export const THREADS_PER_PAGE = 10;
export const THREADS_PER_PAGE_MAX = 50;
export const PROFILE_THREADS_PER_PAGE = 10;
export const PROFILE_POSTS_PER_PAGE = 20;
export const THREAD_POSTS_PER_PAGE = 100;

/** How long a login lasts without being used; every use extends it. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** IP hashes on content, votes and activity are erased after this many days. */
export const IP_HASH_RETENTION_DAYS = 90;

/** Rate limits per client IP; RATE_LIMIT=off disables them. */
export const RATE_LIMITS = {
  login: { max: 10, timeWindowMs: 60_000 },
  register: { max: 5, timeWindowMs: 10 * 60_000 },
  /**
   * Edits of threads and posts (CONTRACT.md section 14): plenty for fixing typos, while
   * an edit storm (each one a live update to every watcher and a history row) stays small.
   */
  edit: { max: 30, timeWindowMs: 10 * 60_000 },
  /** Typed second-factor codes and password checks of the account settings (per address). */
  secondFactor: { max: 10, timeWindowMs: 5 * 60_000 },
  /** Password resets with a recovery code (per address): each try costs up to ten argon2id derivations. */
  recover: { max: 5, timeWindowMs: 15 * 60_000 },
  /** Passkey challenges asked for (each a short-lived row); the answers spend `login`'s budget. */
  passkeyChallenge: { max: 30, timeWindowMs: 60_000 },
} as const;

/** Earlier versions kept per thread or post (modules/editing): the oldest beyond this are erased. */
export const EDIT_HISTORY_MAX = 50;

/**
 * Limits per account (plugins/account-limit.ts), beside the per-address ones: a code
 * guesser spread over many addresses still gets this many tries at one account. Second-
 * factor codes are counted only once the password was proved, so a stranger cannot lock
 * anyone out of signing in.
 */
export const ACCOUNT_LIMITS = {
  secondFactor: { max: 5, timeWindowMs: 5 * 60_000 },
  recover: { max: 5, timeWindowMs: 15 * 60_000 },
} as const;

/** The second factor (CONTRACT.md section 15): RFC 6238, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now a code is taken for (clock drift). */
export const TOTP_WINDOW_STEPS = 1;
/** How long an enrolment waits for its first code. */
export const TOTP_ENROL_TTL_MS = 10 * 60_000;
/** Recovery codes made at a time (CONTRACT.md section 15). */
export const RECOVERY_CODE_COUNT = 10;

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_BODY_FIELD = '_csrf';

/** Longest thread body and premium part we store. */
export const THREAD_CONTENT_MAX = 20_000;
export const SEARCH_RESULTS_MAX = 20;
/** Threads in the home page feeds (recent, popular). */
export const FEED_SIZE = 20;
/** Threads in an Atom feed (CONTRACT.md section 11). */
export const ATOM_FEED_SIZE = 50;
export const PREMIUM_CURRENCIES = ['ETH', 'MATIC', 'USDT', 'USDC'] as const;
export const DEFAULT_ACCESS_PRICE = '0.01';
export const THREAD_SORTS = ['activity', 'newest', 'popular'] as const;

// Payments (SPEC.md section 9, CONTRACT.md section 7). Rates and prices are decimal
// strings: money is never a floating-point number.

/** Currencies a receiving address may be added for (SPEC.md section 5). */
export const ADDRESS_CURRENCIES = ['BTC', 'ETH', 'SOL', 'DOGE', 'USDT', 'USDC'] as const;
/** Address currencies that live on an EVM chain (0x addresses). */
export const EVM_ADDRESS_CURRENCIES = ['ETH', 'USDT', 'USDC'] as const;
/** Currencies a tip can be verified in (on ETH_RPC_URL). */
export const TIP_CURRENCIES = ['ETH', 'USDT', 'USDC'] as const;
/** Currencies a purchase can be paid in, when their chain is configured. */
export const PAYMENT_CURRENCIES = PREMIUM_CURRENCIES;
/** Base-unit decimals of each payable currency. */
export const CURRENCY_DECIMALS: Record<(typeof PAYMENT_CURRENCIES)[number], number> = { ETH: 18, MATIC: 18, USDT: 6, USDC: 6 };
/** USD estimate of one unit, for tip totals. */
export const TIP_USD_RATES: Record<(typeof ADDRESS_CURRENCIES)[number], string> = {
  BTC: '60000',
  ETH: '3000',
  SOL: '150',
  DOGE: '0.1',
  USDT: '1',
  USDC: '1',
};
/** USD value of one unit when pricing a membership. */
export const MEMBERSHIP_USD_RATES: Record<(typeof PAYMENT_CURRENCIES)[number], string> = { ETH: '2428.56', MATIC: '0.85', USDT: '1', USDC: '1' };
export const MEMBERSHIP_PLANS = [
  { id: 'monthly', usd: '8.50' },
  { id: 'annual', usd: '85.00' },
] as const;
export type MembershipPlanId = (typeof MEMBERSHIP_PLANS)[number]['id'];
/** A wallet-link challenge (EIP-4361 nonce) is valid this long. */
export const WALLET_CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** How long a passkey ceremony's challenge may be answered (CONTRACT.md section 15). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Longest passkey name; passkeys one account may hold. */
export const PASSKEY_NAME_MAX = 64;
export const PASSKEYS_MAX = 20;
/** A pending tip whose transaction cannot be found after this long fails. */
export const TIP_NOT_FOUND_TIMEOUT_MS = 60 * 60 * 1000;
/** Live updates (CONTRACT.md section 10): a comment line on every open stream this often. */
export const LIVE_HEARTBEAT_MS = 25_000;
/** Events are kept this long for `Last-Event-ID` resume; older ones answer with a `reset`. */
export const LIVE_EVENT_RETENTION_MS = 5 * 60 * 1000;
/** Open event streams per IP hash; one more is a 429. */
export const LIVE_STREAMS_PER_IP = 8;

// Proof of work (CONTRACT.md section 11): ALTCHA challenges, SHA-256. A challenge's
// difficulty is its `maxnumber`: the secret number is drawn from 1..maxnumber, so a
// solver tries maxnumber / 2 hashes on average. Difficulty 0 means no work is demanded.

/** Actions that may demand proof of work; a solution is bound to one of them. */
export const POW_ACTIONS = ['register', 'login', 'thread', 'reply'] as const;
export type PowAction = (typeof POW_ACTIONS)[number];
/** The request header carrying a solved challenge (base64 JSON, as the ALTCHA widget sends it). */
export const POW_HEADER = 'x-pow';
/** A challenge, and so its solution, is valid this long; a spent one is remembered as long. */
export const POW_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * POW=always: every guarded action pays this much: 10,000 hashes on average. Through
 * crypto.subtle a browser does some 20k hashes a second on a loaded 2-core test box
 * (e2e/pow.spec.ts), several times that on an idle laptop, a phone some 30k: a third
 * of a second or so.
 */
export const POW_ALWAYS_DIFFICULTY = 20_000;
/**
 * POW=auto, the curve (docs/architecture.md, "Proof of work"). Counted per caller (IP
 * hash, and user when signed in; the higher counts) over a minute:
 * - up to POW_CALLER_FREE_PER_MINUTE guarded actions a minute: no work;
 * - beyond it, each further action in the last POW_EXCESS_WINDOW_MS doubles the work,
 *   from POW_BASE_DIFFICULTY up to POW_CALLER_MAX_DIFFICULTY; so a flood is held near
 *   POW_CALLER_FREE_PER_MINUTE a minute whatever its CPU, while someone who once
 *   posted in a hurry pays a fraction of a second, a few times.
 * And the whole board: the actions of callers below their own limit, a minute:
 * - up to POW_BOARD_FREE_PER_MINUTE: no work;
 * - beyond it, doubling every POW_BOARD_STEP more, from POW_BASE_DIFFICULTY, capped at
 *   POW_BOARD_MAX_DIFFICULTY, which a phone still solves in about a second (many
 *   callers each posting a little pay per post, a normal person never more than that).
 */
export const POW_WINDOW_MS = 60_000;
export const POW_CALLER_FREE_PER_MINUTE = 8;
export const POW_EXCESS_WINDOW_MS = 10 * 60_000;
export const POW_BOARD_FREE_PER_MINUTE = 300;
export const POW_BOARD_STEP = 30;
export const POW_BASE_DIFFICULTY = 20_000;
export const POW_BOARD_MAX_DIFFICULTY = 50_000;
export const POW_CALLER_MAX_DIFFICULTY = 500_000_000;

/** Notifications (CONTRACT.md section 11): a page of GET /api/notifications. */
export const NOTIFICATIONS_PER_PAGE = 20;
/** `@username` mentions in one post or thread that notify anyone; later ones are plain text to the server. */
export const MENTIONS_PER_POST_MAX = 5;
/** `>>{id}` quotes in one post that notify anyone. */
export const QUOTES_PER_POST_MAX = 10;
/** Ids one POST /api/notifications/read may name. */
export const NOTIFICATIONS_READ_MAX = 100;

/** Polls (CONTRACT.md section 14): a question, 2 to 10 options, an optional closing time. */
export const POLL_QUESTION_MIN = 3;
export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 100;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
/** How far ahead a poll may close: a year and a day. */
export const POLL_CLOSES_WITHIN_MS = 366 * 24 * 60 * 60 * 1000;
/** Who sees a poll's counts: everyone, those who voted, or everyone once it has closed. */
export const POLL_SHOW_RESULTS = ['always', 'after-vote', 'after-close'] as const;
