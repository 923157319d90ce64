// The response shapes of api.ts as zod schemas, for the OpenAPI document
// (GET /api/openapi.json) and the tests that validate live answers against it.
//
// They are allow-lists: an object schema admits no key it does not name, so an
// answer carrying a new column (an ipHash, premium content) fails the tests. The
// server does not parse its answers with them (that would cost the hot routes);
// routes keep answering through their serializers.
//
// Drift: each schema's output type must be *identical* to the interface of the same
// name in api.ts (checked at compile time at the bottom of this file), so a field
// added, removed, made optional or retyped on one side only fails `npm run typecheck`.
import { z } from 'zod';
import type * as Api from './api.js';
import { PAYMENT_CURRENCIES, POLL_SHOW_RESULTS } from './constants.js';

/** A database id (PostgreSQL integer). */
const id = z.int().min(1).max(2_147_483_647);
const count = z.int().min(0);
/** An instant as toISOString() writes it. */
const timestamp = z.iso.datetime();
/** Money is a decimal string, never a float (CONTRACT.md section 2). */
const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const ipHash = z.string().regex(/^[0-9a-f]{64}$/);
const vote = z.union([z.literal(1), z.literal(-1)]);
const paymentCurrency = z.enum(PAYMENT_CURRENCIES);

const ApiErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional().describe('For validation errors (400): the message of each field, by field name.'),
});

const PowChallenge = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  maxnumber: z.int().min(1),
  salt: z.string().describe('Random hex, then `?action=...&expires=...&` (signed with the challenge).'),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const PowRequiredBody = z.object({
  message: z.string(),
  pow: PowChallenge.describe('Solve it and send the request again with `X-Pow`: base64 of the JSON `{algorithm, challenge, number, salt, signature}`.'),
});

const PublicUser = z.object({
  id,
  username: z.string(),
  isAdmin: z.boolean(),
  isPremium: z.boolean(),
  membershipExpiresAt: timestamp.nullable(),
  createdAt: timestamp,
  postCount: count,
  threadCount: count,
  totalTipsSent: decimal,
  totalTipsReceived: decimal,
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

const CurrentUser = PublicUser.extend({
  countsIncludeAnonymous: z.literal(true).describe("The figures count the user's anonymous threads, posts and the tips to them."),
  email: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginAt: timestamp.nullable(),
});

const Board = z.object({
  id,
  code: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  icon: z.string(),
});

const BoardRef = z.object({ code: z.string(), name: z.string(), tags: z.array(z.string()) });

const AuthorFields = z.object({
  userId: id.nullable().describe('Null for anonymous content unless the viewer is an admin.'),
  username: z.string().nullable().describe('Null for anonymous content unless the viewer is an admin.'),
  isOwn: z.boolean().describe("Whether this is the viewer's own content."),
  ipHash: ipHash.nullable().optional().describe('Admins only.'),
});

const Content = AuthorFields.extend({
  id,
  content: z.string().describe('The text as written: Markdown source.'),
  contentHtml: z.string().describe("content rendered by the server's Markdown renderer: safe HTML (no raw HTML, no images, links with rel=\"nofollow ugc noopener noreferrer\"); empty when content is."),
  imageUrl: z.string().nullable(),
  imageName: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  isAnonymous: z.boolean(),
  upvotes: count,
  downvotes: count,
  version: count.describe('The text\'s version: an edit (PATCH) names the one it was based on.'),
  editedAt: timestamp.nullable().describe('When the author last edited it; null until then.'),
  posterId: z
    .string()
    .length(8)
    .nullable()
    .optional()
    .describe("Thread page only: the same 8 characters on one author's anonymous posts in this thread; null on named and deleted posts."),
});

const Thread = Content.extend({
  boardId: id,
  board: BoardRef,
  title: z.string(),
  bumpedAt: timestamp,
  replyCount: count,
  isSticky: z.boolean(),
  isLocked: z.boolean(),
  isPremium: z.boolean(),
  accessPrice: decimal.nullable(),
  accessCurrency: z.string(),
  premiumContent: z.string().nullable().describe('The hidden part of a premium thread: only on the thread page, for viewers with access; else null.'),
  premiumContentHtml: z.string().nullable().describe('premiumContent rendered as contentHtml is; null whenever premiumContent is.'),
  hasAccess: z.boolean().describe('Whether the viewer may read premiumContent (always true for non-premium threads).'),
  totalTipsReceived: decimal,
  hasPoll: z.boolean().describe('The thread carries a poll; the poll itself is on the thread page.'),
});

const Post = Content.extend({
  threadId: id,
  replyToId: id.nullable(),
  isDeleted: z.boolean().describe('A deleted reply keeps its place with empty content, image and author.'),
  deletedBy: z.enum(['author', 'moderator']).nullable().describe('Who deleted a deleted reply: its author or a moderator (naming no one); null on a live one.'),
});

const PollShowResults = z.enum(POLL_SHOW_RESULTS).describe('Who sees the counts: everyone, those who voted, or everyone once the poll has closed (its author included).');

const PollOption = z.object({ id, text: z.string(), votes: count.nullable().describe('Null while the results are hidden from this viewer.') });

const Poll = z.object({
  id,
  question: z.string(),
  options: z.array(PollOption),
  multiple: z.boolean(),
  closesAt: timestamp.nullable().describe('Null: open until the thread goes. Votes are refused from this instant.'),
  showResults: PollShowResults,
  voters: count.nullable().describe('Ballots cast; null while the results are hidden from this viewer.'),
  myVote: z.array(id).nullable().describe("The viewer's own choice, or null (not voted, or not signed in)."),
});

const ThreadDetail = Thread.extend({
  posts: z.array(Post).describe('Up to 100 replies, oldest first; `?after=` pages on.'),
  poll: Poll.nullable().describe('Null on a thread without one.'),
});

const VoteResult = z.object({ upvotes: count, downvotes: count });
const UserVote = z.object({ userVote: vote.nullable() });
const ThreadVote = z.object({ threadId: id, userVote: vote });
const PostVote = z.object({ postId: id, userVote: vote });

const ThreadSearchResult = z.object({
  id,
  title: z.string(),
  content: z.string(),
  createdAt: timestamp,
  replyCount: count,
  isPremium: z.boolean(),
  board: BoardRef,
  snippet: z.string().describe('Safe HTML: the text escaped, matches wrapped in <mark>.'),
});

const PostSearchResult = z.object({
  id,
  threadId: id,
  threadTitle: z.string(),
  content: z.string(),
  createdAt: timestamp,
  snippet: z.string().describe('Safe HTML: the text escaped, matches wrapped in <mark>.'),
});

const SearchResults = z.object({ threads: z.array(ThreadSearchResult), posts: z.array(PostSearchResult) });

const Activity = z.object({
  id: z
    .number()
    .int()
    .describe(
      "Unique in the timeline. An entry for the owner's anonymous thread or reply has no row of its own (it is found through their key): its id is negative, -2n for thread n and -(2n + 1) for reply n.",
    ),
  createdAt: timestamp,
  description: z.string(),
  linkUrl: z.string().nullable(),
});

const UserProfile = PublicUser.extend({
  countsIncludeAnonymous: z.literal(true).optional().describe("The owner's view only: the figures count anonymous activity too."),
  email: z.string().nullable().optional().describe('The owner and admins only.'),
  isActive: z.boolean().optional().describe('The owner and admins only.'),
  lastLoginAt: timestamp.nullable().optional().describe('The owner and admins only.'),
});

const FollowStats = z.object({ followersCount: count, followingCount: count });
const IsFollowing = z.object({ isFollowing: z.boolean() });

const SavedThread = Thread.extend({ savedAt: timestamp });

const UserRef = z.object({ id, username: z.string() });

const BanScope = z.enum(['ip', 'subnet', 'wide']);

const Ban = z.object({
  id,
  ipHash,
  scope: BanScope,
  bannedAt: timestamp,
  reason: z.string().nullable(),
  expiresAt: timestamp.nullable().describe('Null: permanent.'),
  bannedBy: UserRef.nullable().describe("Null when that admin's account is gone."),
});

const BanList = z.array(Ban);

const IpHashes = z.object({
  threadId: id,
  hashes: z.array(
    z.object({
      ipHash,
      threadAuthored: z.boolean(),
      postIds: z.array(id),
      isBanned: z.boolean(),
    }),
  ),
});

const BanPreview = z.object({ covered: count.describe('Distinct known IP hashes in that range (1 for scope ip).') });

const BanNotice = z.object({
  reason: z.string().nullable(),
  expiresAt: timestamp.nullable().describe('Null: permanent.'),
  appealable: z.boolean().describe('True while no appeal has been made against this ban.'),
});

const BannedErrorBody = z.object({ message: z.string(), ban: BanNotice });

const AppealStatus = z.enum(['pending', 'accepted', 'denied']);

const MyAppeal = z.object({
  status: AppealStatus,
  message: z.string(),
  response: z.string().nullable(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
});

const MyBan = z
  .object({ ban: BanNotice.extend({ bannedAt: timestamp }), appeal: MyAppeal.nullable() })
  .nullable()
  .describe("The caller's ban in force and its appeal; null when not banned.");

const AuthorSuspensionRef = z.object({
  id,
  threadId: id,
  postId: id.nullable().describe('The reply it was made from; null when made from the thread.'),
  reason: z.string(),
  expiresAt: timestamp.nullable().describe('Null: permanent.'),
  suspendedAt: timestamp,
});

const AuthorSuspension = AuthorSuspensionRef.extend({
  threadTitle: z.string().nullable().describe('Null when the thread is deleted.'),
  suspendedBy: UserRef.nullable(),
});

const SuspensionCreated = z.object({ id });

const Appeal = MyAppeal.extend({
  id,
  ban: z
    .object({ id, ipHash, scope: BanScope, reason: z.string().nullable(), expiresAt: timestamp.nullable(), bannedAt: timestamp })
    .nullable()
    .describe('Null once the ban was lifted or re-decided.'),
  suspension: AuthorSuspensionRef.nullable().describe('The author suspension appealed; null once lifted or re-decided, and for an IP ban.'),
  decidedBy: UserRef.nullable(),
});

const ReportStatus = z.enum(['open', 'resolved', 'dismissed']);

const ReportTarget = z.discriminatedUnion('type', [
  z.object({ type: z.literal('thread'), threadId: id, title: z.string(), excerpt: z.string(), isDeleted: z.boolean() }),
  z.object({ type: z.literal('post'), postId: id, threadId: id, threadTitle: z.string(), excerpt: z.string(), isDeleted: z.boolean() }),
]);

const Report = z.object({
  id,
  reason: z.string(),
  status: ReportStatus,
  createdAt: timestamp,
  reporter: UserRef,
  target: ReportTarget,
  reported: z
    .object({ title: z.string().nullable(), content: z.string() })
    .nullable()
    .describe('The text as it was when reported, while the report is open; erased (null) once it is closed.'),
  editedSinceReport: z.boolean(),
  resolvedAt: timestamp.nullable(),
  resolvedBy: UserRef.nullable(),
});

const ModerationAction = z.enum([
  'sticky',
  'unsticky',
  'lock',
  'unlock',
  'delete_thread',
  'delete_post',
  'ban',
  'unban',
  'suspend',
  'reactivate',
  'report_resolved',
  'report_dismissed',
  'appeal_accepted',
  'appeal_denied',
  'suspend_author',
  'lift_suspension',
]);

const ModerationTargetType = z.enum(['thread', 'post', 'ip', 'user', 'report', 'appeal', 'author']);

const ModerationLogEntry = z.object({
  id,
  action: ModerationAction,
  targetType: ModerationTargetType,
  targetId: z.string().describe('A numeric id as text, or the IP hash.'),
  details: z.record(z.string(), z.unknown()).describe('What the target was at the time (a thread title, a ban reason...).'),
  createdAt: timestamp,
  admin: UserRef.nullable().describe("Null when that admin's account is gone."),
});

const ModerationStatsDay = z.object({
  date: z.string().describe('YYYY-MM-DD, UTC.'),
  posts: count,
  threads: count,
  accounts: count,
  reports: count,
  bans: count.describe('IP and range bans and author suspensions.'),
  appeals: count,
});

const JobHealth = z.object({
  name: z.string(),
  lastRunAt: timestamp,
  lastSuccessAt: timestamp.nullable(),
  lastFailureAt: timestamp.nullable(),
  lastDurationMs: count,
  failuresInARow: count.describe('Failed runs in a row; 0 after a success.'),
});

const ModerationStats = z.object({
  days: z.array(ModerationStatsDay).describe('One entry per UTC day, zero-filled, oldest first, today last.'),
  activeBoards: count.describe('Boards with a new thread or reply in the period.'),
  totalBoards: count,
  storage: z.object({
    databaseBytes: count.describe('pg_database_size of the database.'),
    uploadsBytes: count.nullable().describe('Uploads on local disk; null when they live in a bucket.'),
  }),
  jobs: z.array(JobHealth).describe("Each background job's last run, whichever instance ran it."),
});

const PublicModerationAction = ModerationAction.exclude(['report_resolved', 'report_dismissed']);

const PublicModerationLogEntry = z.object({
  id,
  action: PublicModerationAction,
  target: z.string().describe("In words: a thread's title, 'a post in <title>', 'an IP address', 'a subnet'..."),
  reason: z.string().nullable(),
  createdAt: timestamp,
});

const CryptoAddress = z.object({
  id,
  currency: z.string(),
  address: z.string(),
  useForAnonymous: z.boolean().describe("Whether tips to the user's anonymous posts may be sent here."),
  createdAt: timestamp,
});

const PaymentAddress = z.object({ address: z.string() });

const TipStatus = z.enum(['pending', 'confirmed', 'failed']);

const Tip = z.object({
  id,
  amount: decimal,
  currency: z.string(),
  status: TipStatus,
  createdAt: timestamp,
  txHash: z.string(),
  threadId: id.nullable(),
  postId: id.nullable(),
});

const SentTip = Tip.extend({
  recipientAddress: z.string(),
  thread: z.object({ id, title: z.string() }).nullable(),
});

const WalletLink = z.object({ address: z.string(), createdAt: timestamp });
const WalletChallenge = z.object({ message: z.string().describe('The EIP-4361 message the wallet signs (personal_sign).') });

const PremiumAccessCheck = z.object({ hasAccess: z.boolean() });

const PremiumPurchase = z.object({
  threadId: id,
  hasAccess: z.literal(true),
  amount: decimal,
  currency: z.string(),
  txHash: z.string(),
  purchaseDate: timestamp,
});

const MembershipPlan = z.object({
  id: z.enum(['monthly', 'annual']),
  usd: decimal,
  prices: z.partialRecord(paymentCurrency, decimal).describe('The price in each currency payable on this server, rounded up in base units.'),
});

const MembershipPlans = z.object({
  plans: z.array(MembershipPlan),
  paymentAddress: z.string().nullable().describe('Where memberships are paid; null when the server has none configured.'),
});

const MembershipPurchase = z.object({
  plan: z.enum(['monthly', 'annual']),
  amount: decimal,
  currency: z.string(),
  txHash: z.string(),
  isPremium: z.literal(true),
  membershipExpiresAt: timestamp,
});

const PaymentNetwork = z.object({
  currency: paymentCurrency,
  chainId: z.int().nullable().describe("EIP-155 chain id; null when its node could not be reached."),
  decimals: count,
  token: z.string().nullable().describe("ERC-20 contract for token currencies; null for a chain's native coin."),
});

const PaymentsConfig = z.object({
  networks: z.array(PaymentNetwork),
  paymentAddress: z.string().nullable(),
  confirmations: count,
});

const ProfilePost = Post.extend({ threadTitle: z.string() });
const SavedState = z.object({ isSaved: z.boolean() });

const NotificationType = z.enum(['reply', 'quote', 'mention', 'thread', 'tip']);

const Notification = z.object({
  id,
  type: NotificationType,
  threadId: id,
  postId: id.nullable().describe('Null when the thread itself is the subject (a new thread, a mention in its opening post, a tip to it).'),
  actor: UserRef.nullable().describe('Null when the acting content is anonymous, for tips, and once the actor account is gone.'),
  createdAt: timestamp,
  readAt: timestamp.nullable(),
});

const UnreadCount = z.object({ count });

const Revision = z.object({
  version: count,
  title: z.string().optional().describe('Threads only.'),
  content: z.string(),
  premiumContent: z.string().nullable().optional().describe('Premium threads only.'),
  editedAt: timestamp.nullable().describe('When this version was written; null for the original.'),
});

/**
 * Every response shape by its name in api.ts; the OpenAPI document lists them under
 * these names in components.schemas.
 */
export const apiSchemas = {
  ApiErrorBody,
  PowChallenge,
  PowRequiredBody,
  PublicUser,
  CurrentUser,
  Board,
  BoardRef,
  AuthorFields,
  Thread,
  Post,
  ThreadDetail,
  PollShowResults,
  PollOption,
  Poll,
  VoteResult,
  UserVote,
  ThreadVote,
  PostVote,
  ThreadSearchResult,
  PostSearchResult,
  SearchResults,
  Activity,
  UserProfile,
  FollowStats,
  IsFollowing,
  SavedThread,
  UserRef,
  BanScope,
  Ban,
  BanList,
  BanPreview,
  BanNotice,
  BannedErrorBody,
  AppealStatus,
  MyAppeal,
  MyBan,
  Appeal,
  AuthorSuspensionRef,
  AuthorSuspension,
  SuspensionCreated,
  IpHashes,
  ReportStatus,
  ReportTarget,
  Report,
  ModerationAction,
  ModerationTargetType,
  ModerationLogEntry,
  ModerationStatsDay,
  JobHealth,
  ModerationStats,
  PublicModerationAction,
  PublicModerationLogEntry,
  CryptoAddress,
  PaymentAddress,
  TipStatus,
  Tip,
  SentTip,
  WalletLink,
  WalletChallenge,
  PremiumAccessCheck,
  PremiumPurchase,
  MembershipPlan,
  MembershipPlans,
  MembershipPurchase,
  PaymentNetwork,
  PaymentsConfig,
  ProfilePost,
  SavedState,
  NotificationType,
  Notification,
  UnreadCount,
  Revision,
} as const;

// ---- Drift check: compile-time proof that the schemas and api.ts agree. ----

/** True only when A and B are the same type (optional vs required, extra optional keys and readonly all count). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Names whose schema output is not exactly the api.ts type of that name. */
type Drifted = {
  [K in keyof typeof apiSchemas]: K extends keyof ApiTypes ? (Same<z.output<(typeof apiSchemas)[K]>, ApiTypes[K]> extends true ? never : K) : never;
}[keyof typeof apiSchemas];

/** The api.ts types, by name (type-only exports cannot be looked up by name, so they are listed). */
interface ApiTypes {
  ApiErrorBody: Api.ApiErrorBody;
  PowChallenge: Api.PowChallenge;
  PowRequiredBody: Api.PowRequiredBody;
  PublicUser: Api.PublicUser;
  CurrentUser: Api.CurrentUser;
  Board: Api.Board;
  BoardRef: Api.BoardRef;
  AuthorFields: Api.AuthorFields;
  Thread: Api.Thread;
  Post: Api.Post;
  ThreadDetail: Api.ThreadDetail;
  PollShowResults: Api.PollShowResults;
  PollOption: Api.PollOption;
  Poll: Api.Poll;
  VoteResult: Api.VoteResult;
  UserVote: Api.UserVote;
  ThreadVote: Api.ThreadVote;
  PostVote: Api.PostVote;
  ThreadSearchResult: Api.ThreadSearchResult;
  PostSearchResult: Api.PostSearchResult;
  SearchResults: Api.SearchResults;
  Activity: Api.Activity;
  UserProfile: Api.UserProfile;
  FollowStats: Api.FollowStats;
  IsFollowing: Api.IsFollowing;
  SavedThread: Api.SavedThread;
  UserRef: Api.UserRef;
  BanScope: Api.BanScope;
  Ban: Api.Ban;
  BanList: Api.BanList;
  BanPreview: Api.BanPreview;
  BanNotice: Api.BanNotice;
  BannedErrorBody: Api.BannedErrorBody;
  AppealStatus: Api.AppealStatus;
  MyAppeal: Api.MyAppeal;
  MyBan: Api.MyBan;
  Appeal: Api.Appeal;
  AuthorSuspensionRef: Api.AuthorSuspensionRef;
  AuthorSuspension: Api.AuthorSuspension;
  SuspensionCreated: Api.SuspensionCreated;
  IpHashes: Api.IpHashes;
  ReportStatus: Api.ReportStatus;
  ReportTarget: Api.ReportTarget;
  Report: Api.Report;
  ModerationAction: Api.ModerationAction;
  ModerationTargetType: Api.ModerationTargetType;
  ModerationLogEntry: Api.ModerationLogEntry;
  ModerationStatsDay: Api.ModerationStatsDay;
  JobHealth: Api.JobHealth;
  ModerationStats: Api.ModerationStats;
  PublicModerationAction: Api.PublicModerationAction;
  PublicModerationLogEntry: Api.PublicModerationLogEntry;
  CryptoAddress: Api.CryptoAddress;
  PaymentAddress: Api.PaymentAddress;
  TipStatus: Api.TipStatus;
  Tip: Api.Tip;
  SentTip: Api.SentTip;
  WalletLink: Api.WalletLink;
  WalletChallenge: Api.WalletChallenge;
  PremiumAccessCheck: Api.PremiumAccessCheck;
  PremiumPurchase: Api.PremiumPurchase;
  MembershipPlan: Api.MembershipPlan;
  MembershipPlans: Api.MembershipPlans;
  MembershipPurchase: Api.MembershipPurchase;
  PaymentNetwork: Api.PaymentNetwork;
  PaymentsConfig: Api.PaymentsConfig;
  ProfilePost: Api.ProfilePost;
  SavedState: Api.SavedState;
  NotificationType: Api.NotificationType;
  Notification: Api.Notification;
  UnreadCount: Api.UnreadCount;
  Revision: Api.Revision;
}

/** Names with a schema and no api.ts type, or the reverse. */
type Unpaired = Exclude<keyof typeof apiSchemas, keyof ApiTypes> | Exclude<keyof ApiTypes, keyof typeof apiSchemas>;

/**
 * Fails to compile, naming the culprits, when a schema and its api.ts type differ
 * ("Type 'true' is not assignable to type '"Thread differs"'") or one has no partner.
 */
const _apiSchemasMatchApiTypes: [Drifted | Unpaired] extends [never] ? true : `${Drifted | Unpaired} differs` = true;
