// The database, table by table (SPEC.md section 3 plus what CONTRACT.md adds).
// Change it, then `npm run db:generate` to write the migration; never edit a
// migration that has landed.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/** Decimal amounts: precision 18, scale 8 (SPEC.md section 9), read as strings. */
const amount = () => numeric({ precision: 18, scale: 8 });
const ipHash = () => varchar({ length: 64 });
const currency = () => varchar({ length: 10 });
const txHash = () => varchar({ length: 128 });

export const boards = pgTable('boards', {
  id: id(),
  code: varchar({ length: 16 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  description: text().notNull().default(''),
  tags: text().array().notNull().default(sql`'{}'::text[]`),
  icon: varchar({ length: 32 }).notNull().default('globe'),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar({ length: 20 }).notNull(),
    email: varchar({ length: 254 }),
    passwordHash: text().notNull(),
    isAdmin: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
    postCount: integer().notNull().default(0),
    threadCount: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    isPremium: boolean().notNull().default(false),
    membershipExpiresAt: timestamp({ withTimezone: true }),
    /** USD estimates of confirmed tips (CONTRACT.md section 7). */
    totalTipsSent: amount().notNull().default('0'),
    totalTipsReceived: amount().notNull().default('0'),
    bio: text(),
    avatarUrl: text(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`)],
);

/** The user a row belongs to: it goes when they go. */
const ownedByUser = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, so a database leak does not leak live sessions. */
    id: varchar({ length: 64 }).primaryKey(),
    userId: ownedByUser(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const threads = pgTable(
  'threads',
  {
    id: id(),
    boardId: integer()
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    title: varchar({ length: 100 }).notNull(),
    content: text().notNull(),
    imageUrl: text(),
    imageName: varchar({ length: 255 }),
    thumbnailUrl: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    bumpedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    replyCount: integer().notNull().default(0),
    isSticky: boolean().notNull().default(false),
    isLocked: boolean().notNull().default(false),
    isDeleted: boolean().notNull().default(false),
    ipHash: ipHash(),
    isAnonymous: boolean().notNull().default(true),
    isPremium: boolean().notNull().default(false),
    accessPrice: amount(),
    accessCurrency: currency().notNull().default('ETH'),
    premiumContent: text(),
    totalTipsReceived: amount().notNull().default('0'),
    upvotes: integer().notNull().default(0),
    downvotes: integer().notNull().default(0),
  },
  (t) => [
    // Board page: sticky first, then bump order; deleted threads never listed.
    index('threads_board_bump_idx')
      .on(t.boardId, t.isSticky.desc().nullsFirst(), t.bumpedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.isDeleted}`),
    index('threads_board_created_idx')
      .on(t.boardId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`NOT ${t.isDeleted}`),
    index('threads_recent_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(sql`NOT ${t.isDeleted}`),
    index('threads_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('threads_ip_hash_idx').on(t.ipHash),
  ],
);

export const posts = pgTable(
  'posts',
  {
    id: id(),
    threadId: integer()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    content: text().notNull(),
    imageUrl: text(),
    imageName: varchar({ length: 255 }),
    thumbnailUrl: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    replyToId: integer().references((): AnyPgColumn => posts.id, { onDelete: 'set null' }),
    ipHash: ipHash(),
    isAnonymous: boolean().notNull().default(true),
    isDeleted: boolean().notNull().default(false),
    upvotes: integer().notNull().default(0),
    downvotes: integer().notNull().default(0),
  },
  (t) => [
    index('posts_thread_idx').on(t.threadId, t.id),
    index('posts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('posts_reply_to_idx').on(t.replyToId),
    index('posts_ip_hash_idx').on(t.ipHash),
  ],
);

export const votes = pgTable(
  'votes',
  {
    id: id(),
    userId: ownedByUser(),
    ipHash: ipHash(),
    threadId: integer().references(() => threads.id, { onDelete: 'cascade' }),
    postId: integer().references(() => posts.id, { onDelete: 'cascade' }),
    voteType: smallint().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('votes_vote_type_check', sql`${t.voteType} IN (1, -1)`),
    check('votes_one_target_check', sql`num_nonnulls(${t.threadId}, ${t.postId}) = 1`),
    uniqueIndex('votes_user_thread_idx').on(t.userId, t.threadId).where(sql`${t.threadId} IS NOT NULL`),
    uniqueIndex('votes_user_post_idx').on(t.userId, t.postId).where(sql`${t.postId} IS NOT NULL`),
    index('votes_thread_idx').on(t.threadId),
    index('votes_post_idx').on(t.postId),
    index('votes_ip_hash_idx').on(t.ipHash),
  ],
);

export const followers = pgTable(
  'followers',
  {
    id: id(),
    followerId: ownedByUser(),
    followingId: ownedByUser(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('followers_pair_idx').on(t.followerId, t.followingId),
    index('followers_following_idx').on(t.followingId),
    check('followers_not_self_check', sql`${t.followerId} <> ${t.followingId}`),
  ],
);

export const savedThreads = pgTable(
  'saved_threads',
  {
    userId: ownedByUser(),
    threadId: integer()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.threadId] }), index('saved_threads_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: id(),
    userId: ownedByUser(),
    activityType: varchar({ length: 32 }).notNull(),
    activityData: jsonb().notNull().default({}),
    ipHash: ipHash(),
    createdAt: createdAt(),
  },
  (t) => [index('user_activities_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()), index('user_activities_ip_hash_idx').on(t.ipHash)],
);

export const bannedIps = pgTable(
  'banned_ips',
  {
    id: id(),
    ipHash: ipHash().notNull().unique(),
    bannedAt: createdAt(),
    bannedById: integer().references(() => users.id, { onDelete: 'set null' }),
    reason: varchar({ length: 500 }),
    /** Null: permanent. */
    expiresAt: timestamp({ withTimezone: true }),
  },
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: ownedByUser(),
    threadId: integer().references(() => threads.id, { onDelete: 'cascade' }),
    postId: integer().references(() => posts.id, { onDelete: 'cascade' }),
    reason: varchar({ length: 500 }).notNull(),
    status: varchar({ length: 20 }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedById: integer().references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('reports_one_target_check', sql`num_nonnulls(${t.threadId}, ${t.postId}) = 1`),
    uniqueIndex('reports_open_thread_idx')
      .on(t.reporterId, t.threadId)
      .where(sql`${t.status} = 'open' AND ${t.threadId} IS NOT NULL`),
    uniqueIndex('reports_open_post_idx')
      .on(t.reporterId, t.postId)
      .where(sql`${t.status} = 'open' AND ${t.postId} IS NOT NULL`),
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
  ],
);

export const moderationLog = pgTable(
  'moderation_log',
  {
    id: id(),
    adminId: integer().references(() => users.id, { onDelete: 'set null' }),
    action: varchar({ length: 32 }).notNull(),
    targetType: varchar({ length: 16 }).notNull(),
    targetId: varchar({ length: 128 }).notNull(),
    details: jsonb().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_log_created_idx').on(t.createdAt.desc().nullsFirst())],
);

export const cryptoAddresses = pgTable(
  'crypto_addresses',
  {
    id: id(),
    userId: ownedByUser(),
    currency: currency().notNull(),
    address: varchar({ length: 128 }).notNull(),
    /** Whether tips to the user's anonymous posts may go here (CONTRACT.md section 4). */
    useForAnonymous: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('crypto_addresses_user_currency_address_idx').on(t.userId, t.currency, t.address)],
);

/**
 * Every accepted transaction hash, whatever it paid for: its primary key makes a hash
 * usable once across tips, thread purchases and memberships (CONTRACT.md section 7).
 */
export const paymentTransactions = pgTable('payment_transactions', {
  txHash: txHash().primaryKey(),
  kind: varchar({ length: 20 }).notNull(),
  userId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const cryptoTips = pgTable(
  'crypto_tips',
  {
    id: id(),
    amount: amount().notNull(),
    currency: currency().notNull(),
    txHash: txHash()
      .notNull()
      .unique()
      .references(() => paymentTransactions.txHash),
    fromUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Money records outlive the content they paid for. */
    threadId: integer().references(() => threads.id, { onDelete: 'set null' }),
    postId: integer().references(() => posts.id, { onDelete: 'set null' }),
    recipientUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    recipientAddress: varchar({ length: 128 }).notNull(),
    createdAt: createdAt(),
    status: varchar({ length: 20 }).notNull().default('pending'),
    checkedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('crypto_tips_thread_idx').on(t.threadId),
    index('crypto_tips_post_idx').on(t.postId),
    index('crypto_tips_from_user_idx').on(t.fromUserId, t.createdAt.desc().nullsFirst()),
    index('crypto_tips_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const premiumAccesses = pgTable(
  'premium_accesses',
  {
    id: id(),
    userId: ownedByUser(),
    threadId: integer()
      .notNull()
      .references(() => threads.id, { onDelete: 'cascade' }),
    purchaseDate: createdAt(),
    amount: amount().notNull(),
    currency: currency().notNull(),
    txHash: txHash()
      .notNull()
      .unique()
      .references(() => paymentTransactions.txHash),
    status: varchar({ length: 20 }).notNull().default('confirmed'),
  },
  (t) => [index('premium_accesses_user_thread_idx').on(t.userId, t.threadId)],
);

export const membershipPurchases = pgTable(
  'membership_purchases',
  {
    id: id(),
    userId: ownedByUser(),
    plan: varchar({ length: 10 }).notNull(),
    amount: amount().notNull(),
    currency: currency().notNull(),
    txHash: txHash()
      .notNull()
      .unique()
      .references(() => paymentTransactions.txHash),
    purchasedAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('membership_purchases_user_idx').on(t.userId)],
);

/** Addresses a user proved they control with an EIP-4361 signature (CONTRACT.md section 7). */
export const walletLinks = pgTable(
  'wallet_links',
  {
    id: id(),
    userId: ownedByUser(),
    /** Lower-case 0x address: one account per address. */
    address: varchar({ length: 42 }).notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('wallet_links_user_idx').on(t.userId)],
);

/** One-time sign-in-with-Ethereum nonces, valid 10 minutes. */
export const walletChallenges = pgTable(
  'wallet_challenges',
  {
    nonce: varchar({ length: 64 }).primaryKey(),
    userId: ownedByUser(),
    address: varchar({ length: 42 }).notNull(),
    message: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('wallet_challenges_expires_idx').on(t.expiresAt)],
);
