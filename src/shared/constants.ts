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
export const SEARCH_QUERY_MIN = 3;
export const ADDRESS_MIN = 10;
export const ADDRESS_MAX = 128;
export const TX_HASH_MIN = 10;
export const TX_HASH_MAX = 128;
export const CURRENCY_MAX = 10;
export const STATUS_MAX = 20;

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
} as const;

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_BODY_FIELD = '_csrf';

/** Longest thread body and premium part we store. */
export const THREAD_CONTENT_MAX = 20_000;
export const SEARCH_RESULTS_MAX = 20;
/** Threads in the home page feeds (recent, popular). */
export const FEED_SIZE = 20;
export const PREMIUM_CURRENCIES = ['ETH', 'MATIC', 'USDT', 'USDC'] as const;
export const DEFAULT_ACCESS_PRICE = '0.01';
export const THREAD_SORTS = ['activity', 'newest', 'popular'] as const;
