// Response shapes of the API, shared so the web app never re-types what the server sends.

/** Every error answer: a message, and for validation errors the message of each field. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** An ALTCHA challenge (SHA-256): find the number n with SHA-256(salt + n) = challenge, 0 <= n <= maxnumber. */
export interface PowChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** 428: the action needs proof of work (CONTRACT.md section 11); solve `pow` and send it again with X-Pow. */
export interface PowRequiredBody {
  message: string;
  pow: PowChallenge;
}

/** A user as anyone may see them. */
export interface PublicUser {
  id: number;
  username: string;
  isAdmin: boolean;
  isPremium: boolean;
  membershipExpiresAt: string | null;
  createdAt: string;
  postCount: number;
  threadCount: number;
  totalTipsSent: string;
  totalTipsReceived: string;
  bio: string | null;
  avatarUrl: string | null;
}

/** The signed-in user (GET /api/user, login, register): adds what only they and admins see. */
export interface CurrentUser extends PublicUser {
  /** Always true here: the figures above count the user's anonymous threads, posts and the tips to them. */
  countsIncludeAnonymous: true;
  email: string | null;
  isActive: boolean;
  lastLoginAt: string | null;
}

export interface Board {
  id: number;
  code: string;
  name: string;
  description: string;
  tags: string[];
  icon: string;
}

/** The board a thread belongs to, as thread answers carry it. */
export interface BoardRef {
  code: string;
  name: string;
  tags: string[];
}

/**
 * Author fields on threads and posts (CONTRACT.md sections 4 and 13): null for
 * anonymous content for everyone, admins included; isOwn marks the viewer's own content
 * (for anonymous content, told by the viewer's key); ipHash appears for admins only.
 */
export interface AuthorFields {
  userId: number | null;
  username: string | null;
  isOwn: boolean;
  ipHash?: string | null;
}

/** What threads and posts have in common. */
interface Content extends AuthorFields {
  id: number;
  /** The text as written: Markdown source (CONTRACT.md section 14). */
  content: string;
  /** `content` rendered by the server's Markdown renderer: safe HTML, empty when content is. */
  contentHtml: string;
  imageUrl: string | null;
  imageName: string | null;
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
  isAnonymous: boolean;
  upvotes: number;
  downvotes: number;
  /** The text's version (CONTRACT.md section 14): an edit names the one it was based on. */
  version: number;
  /** When the author last edited it; null until then. Shown to everyone. */
  editedAt: string | null;
  /**
   * In a thread view only (CONTRACT.md section 11): the same 8 characters on one
   * author's anonymous posts in this thread, unrelated in any other; null on named
   * and deleted posts, so an ID never joins anonymous posts to named ones.
   */
  posterId?: string | null;
}

export interface Thread extends Content {
  boardId: number;
  board: BoardRef;
  title: string;
  bumpedAt: string;
  replyCount: number;
  isSticky: boolean;
  isLocked: boolean;
  isPremium: boolean;
  accessPrice: string | null;
  accessCurrency: string;
  /** The hidden part of a premium thread: only for viewers with access, else null. */
  premiumContent: string | null;
  /** premiumContent rendered as contentHtml is; null whenever premiumContent is. */
  premiumContentHtml: string | null;
  /** Whether the viewer may read premiumContent (always true for non-premium threads). */
  hasAccess: boolean;
  totalTipsReceived: string;
  /** The thread carries a poll (the board card's badge); the poll itself is on the thread page. */
  hasPoll: boolean;
}

export type PollShowResults = 'always' | 'after-vote' | 'after-close';

export interface PollOption {
  id: number;
  text: string;
  /** Null while the results are hidden from this viewer. */
  votes: number | null;
}

/** A thread's poll as this viewer sees it (CONTRACT.md section 14). */
export interface Poll {
  id: number;
  question: string;
  options: PollOption[];
  multiple: boolean;
  closesAt: string | null;
  showResults: PollShowResults;
  /** Ballots cast; null while the results are hidden from this viewer. */
  voters: number | null;
  /** The viewer's own choice (option ids), or null: not voted, or not signed in. */
  myVote: number[] | null;
}

/** A reply; a deleted one keeps its place with empty content, image and author. */
export interface Post extends Content {
  threadId: number;
  replyToId: number | null;
  isDeleted: boolean;
  /**
   * Who deleted a deleted post (CONTRACT.md section 11): its author, or a moderator;
   * null on a live post. It names no one, anonymous authors included.
   */
  deletedBy: 'author' | 'moderator' | null;
}

/** GET /api/threads/{id}/history and /api/posts/{id}/history: one earlier version, for its author only. */
export interface Revision {
  version: number;
  /** Threads only. */
  title?: string;
  content: string;
  /** Threads only, and only on a premium thread. */
  premiumContent?: string | null;
  /** When this version was written; null for the original. */
  editedAt: string | null;
}

/** 409 of an edit based on an old version (CONTRACT.md section 14): the text as it is now. */
export interface EditConflict<T> {
  message: string;
  current: T;
}

/** GET /api/users/{id}/posts: a reply on a profile, with the title of its thread. */
export interface ProfilePost extends Post {
  threadTitle: string;
}

/** GET /api/threads/{id}/saved, PUT and DELETE /api/threads/{id}/save. */
export interface SavedState {
  isSaved: boolean;
}

/** GET /api/threads/{id}: the thread and up to 100 posts, oldest first (`?after=` pages on). */
export interface ThreadDetail extends Thread {
  posts: Post[];
  /** Null on a thread without one. */
  poll: Poll | null;
}

export interface VoteResult {
  upvotes: number;
  downvotes: number;
}

export interface UserVote {
  userVote: 1 | -1 | null;
}

/** GET /api/user/thread-votes?ids=: one of the viewer's votes on a thread of a list page. */
export interface ThreadVote {
  threadId: number;
  userVote: 1 | -1;
}

/** GET /api/threads/{id}/post-votes: one of the viewer's votes on a reply of that thread (none for visitors). */
export interface PostVote {
  postId: number;
  userVote: 1 | -1;
}

export interface ThreadSearchResult {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  replyCount: number;
  isPremium: boolean;
  board: BoardRef;
  /** Safe HTML: the text escaped, matches wrapped in <mark>. */
  snippet: string;
}

export interface PostSearchResult {
  id: number;
  threadId: number;
  threadTitle: string;
  content: string;
  createdAt: string;
  snippet: string;
}

export interface SearchResults {
  threads: ThreadSearchResult[];
  posts: PostSearchResult[];
}

/** One line of a user's own activity timeline. */
export interface Activity {
  id: number;
  createdAt: string;
  description: string;
  linkUrl: string | null;
}

/** GET /api/users/{id}: the public profile; e-mail and account state to the user and admins only. */
export interface UserProfile extends PublicUser {
  /** Present on the owner's (and an admin's) view: the figures count anonymous activity too. */
  countsIncludeAnonymous?: true;
  email?: string | null;
  isActive?: boolean;
  lastLoginAt?: string | null;
}

export interface FollowStats {
  followersCount: number;
  followingCount: number;
}

export interface IsFollowing {
  isFollowing: boolean;
}

/** A thread in the signed-in user's saved list. */
export interface SavedThread extends Thread {
  savedAt: string;
}

// Moderation (admin only unless noted; CONTRACT.md section 6).

/** A user named in a moderation answer. */
export interface UserRef {
  id: number;
  username: string;
}

/** What a ban covers: the address behind an ipHash, its /24 (IPv6 /64), or its /16 (IPv6 /48). */
export type BanScope = 'ip' | 'subnet' | 'wide';

/** An IP ban: POST /api/moderation/ban-ip answers one, GET /api/moderation/banned-ips lists them. */
export interface Ban {
  id: number;
  ipHash: string;
  scope: BanScope;
  bannedAt: string;
  reason: string | null;
  /** Null: permanent. */
  expiresAt: string | null;
  /** Null when that admin's account is gone. */
  bannedBy: UserRef | null;
}

/** GET /api/moderation/banned-ips: the bans in force, newest first (expired ones no longer apply). */
export type BanList = Ban[];

/** GET /api/moderation/threads/{id}/ip-hashes: the IP Finder. */
export interface IpHashes {
  threadId: number;
  hashes: {
    ipHash: string;
    /** The thread itself was posted from this hash. */
    threadAuthored: boolean;
    /** Replies in the thread posted from it, oldest first. */
    postIds: number[];
    isBanned: boolean;
  }[];
}

/** GET /api/moderation/ban-ip/preview: how many distinct known IP hashes a ban of that scope would cover. */
export interface BanPreview {
  covered: number;
}

/** A ban as the banned visitor sees it: in a 403's `ban` and in GET /api/bans/mine. No hash of any kind. */
export interface BanNotice {
  reason: string | null;
  /** Null: permanent. */
  expiresAt: string | null;
  /** True while this client has not appealed this ban (each person behind a range ban has an appeal of their own). */
  appealable: boolean;
}

/** 403 from a guarded route while the caller is banned (CONTRACT.md section 11). */
export interface BannedErrorBody {
  message: string;
  ban: BanNotice;
}

export type AppealStatus = 'pending' | 'accepted' | 'denied';

/** A visitor's appeal as they see it. */
export interface MyAppeal {
  status: AppealStatus;
  message: string;
  /** The admin's answer, once decided. */
  response: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** GET /api/bans/mine: the caller's ban in force and its appeal; null when not banned. */
export type MyBan = {
  ban: { reason: string | null; expiresAt: string | null; appealable: boolean; bannedAt: string };
  appeal: MyAppeal | null;
} | null;

/** An appeal in the admins' queue (GET /api/moderation/appeals, PATCH answers one). */
export interface Appeal extends MyAppeal {
  id: number;
  /** Null once the ban was lifted (an accepted appeal lifts it) or re-decided, and for an appeal of an author suspension. */
  ban: { id: number; ipHash: string; scope: BanScope; reason: string | null; expiresAt: string | null; bannedAt: string } | null;
  /** The author suspension appealed (CONTRACT.md section 13); null once lifted or re-decided, and for an IP ban's appeal. */
  suspension: AuthorSuspensionRef | null;
  /** Null while pending, or when that admin's account is gone. */
  decidedBy: UserRef | null;
}

/**
 * An author suspension as admins see it (CONTRACT.md section 13): the content it was
 * made from, never its author, their tag or an account.
 */
export interface AuthorSuspensionRef {
  id: number;
  threadId: number;
  /** The reply it was made from; null when made from the thread itself. */
  postId: number | null;
  reason: string;
  /** Null: permanent. */
  expiresAt: string | null;
  suspendedAt: string;
}

/** GET /api/moderation/suspensions: the author suspensions in force, newest first. */
export interface AuthorSuspension extends AuthorSuspensionRef {
  /** The thread's title, or null when the thread is deleted. */
  threadTitle: string | null;
  /** Null when that admin's account is gone. */
  suspendedBy: UserRef | null;
}

/** POST /api/moderation/suspend-author answers the suspension's id. */
export interface SuspensionCreated {
  id: number;
}

export type ReportStatus = 'open' | 'resolved' | 'dismissed';

/** What a report points at, with enough of it to judge and a way to jump to the thread. */
export type ReportTarget =
  | { type: 'thread'; threadId: number; title: string; excerpt: string; isDeleted: boolean }
  | { type: 'post'; postId: number; threadId: number; threadTitle: string; excerpt: string; isDeleted: boolean };

/** POST /api/reports answers the new report; GET /api/moderation/reports lists them. */
export interface Report {
  id: number;
  reason: string;
  status: ReportStatus;
  createdAt: string;
  reporter: UserRef;
  target: ReportTarget;
  /**
   * The text as it was when reported (CONTRACT.md section 14), kept while the report is
   * open so a later edit cannot hide it; null once it is closed (erased then).
   */
  reported: { title: string | null; content: string } | null;
  /** Whether the content was edited after it was reported. */
  editedSinceReport: boolean;
  resolvedAt: string | null;
  resolvedBy: UserRef | null;
}

export type ModerationAction =
  | 'sticky'
  | 'unsticky'
  | 'lock'
  | 'unlock'
  | 'delete_thread'
  | 'delete_post'
  | 'ban'
  | 'unban'
  | 'suspend'
  | 'reactivate'
  | 'report_resolved'
  | 'report_dismissed'
  | 'appeal_accepted'
  | 'appeal_denied'
  | 'suspend_author'
  | 'lift_suspension';

/** `author`: an author suspension, by its id (never the author). */
export type ModerationTargetType = 'thread' | 'post' | 'ip' | 'user' | 'report' | 'appeal' | 'author';

/** GET /api/moderation/log: who did what to what, and when; newest first, 50 a page (`?before={id}`). */
export interface ModerationLogEntry {
  id: number;
  action: ModerationAction;
  targetType: ModerationTargetType;
  /** A numeric id as text, or the IP hash. */
  targetId: string;
  /** What the target was at the time (a thread title, a ban reason...). */
  details: Record<string, unknown>;
  createdAt: string;
  /** Null when that admin's account is gone. */
  admin: UserRef | null;
}

/** One UTC day of the admins' dashboard: how many of each were created that day. */
export interface ModerationStatsDay {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  posts: number;
  threads: number;
  accounts: number;
  reports: number;
  /** IP and range bans and author suspensions. */
  bans: number;
  appeals: number;
}

/** A background job's last run (job_runs), whichever instance ran it. */
export interface JobHealth {
  name: string;
  lastRunAt: string;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastDurationMs: number;
  /** Failed runs in a row; 0 after a success. */
  failuresInARow: number;
}

/**
 * GET /api/moderation/stats?days=7|30|90 (admins): counts only, never lists of people.
 * `days` oldest first, one entry per UTC day (zero-filled), today last.
 */
export interface ModerationStats {
  days: ModerationStatsDay[];
  /** Boards with a new thread or reply in the period, of `totalBoards`. */
  activeBoards: number;
  totalBoards: number;
  storage: {
    /** Bytes of the database (pg_database_size). */
    databaseBytes: number;
    /** Bytes of the uploads on local disk; null when they live in a bucket (S3_BUCKET), which is not walked. */
    uploadsBytes: number | null;
  };
  jobs: JobHealth[];
}

/** The public moderation log's actions: the admin log's, without report handling (which stays internal). */
export type PublicModerationAction = Exclude<ModerationAction, 'report_resolved' | 'report_dismissed'>;

/**
 * GET /api/moderation/public-log: what was done, to what, why and when; never who
 * moderated, never an ipHash. Newest first, 50 a page (`?before={id}`).
 */
export interface PublicModerationLogEntry {
  id: number;
  action: PublicModerationAction;
  /** In words: a thread's title, 'a post in <title>', 'an IP address', 'a subnet'... */
  target: string;
  reason: string | null;
  createdAt: string;
}

// Payments (CONTRACT.md section 7). Amounts are decimal strings.

/** A receiving address of the signed-in user (GET/POST /api/crypto/addresses). */
export interface CryptoAddress {
  id: number;
  currency: string;
  address: string;
  /** Whether tips to the user's anonymous posts may be sent here. */
  useForAnonymous: boolean;
  createdAt: string;
}

/** The tip-address look-ups and GET /api/premium/payment-address/{threadId}. */
export interface PaymentAddress {
  address: string;
}

export type TipStatus = 'pending' | 'confirmed' | 'failed';

/** A tip as anyone sees it on a thread or post: never who sent it. */
export interface Tip {
  id: number;
  amount: string;
  currency: string;
  status: TipStatus;
  createdAt: string;
  txHash: string;
  threadId: number | null;
  postId: number | null;
}

/** One of the signed-in user's sent tips (GET /api/user/tips), with what it went to. */
export interface SentTip extends Tip {
  recipientAddress: string;
  thread: { id: number; title: string } | null;
}

/** A wallet address linked to the signed-in account (GET /api/wallets). */
export interface WalletLink {
  address: string;
  createdAt: string;
}

export interface WalletChallenge {
  /** The EIP-4361 message the wallet signs (personal_sign). */
  message: string;
}

export interface PremiumAccessCheck {
  hasAccess: boolean;
}

/** POST /api/premium/purchase-access (201). */
export interface PremiumPurchase {
  threadId: number;
  hasAccess: true;
  amount: string;
  currency: string;
  txHash: string;
  purchaseDate: string;
}

export interface MembershipPlan {
  id: 'monthly' | 'annual';
  usd: string;
  /** The price in each currency payable on this server, rounded up in base units. */
  prices: Partial<Record<'ETH' | 'MATIC' | 'USDT' | 'USDC', string>>;
}

export interface MembershipPlans {
  plans: MembershipPlan[];
  /** Where memberships are paid; null when the server has none configured. */
  paymentAddress: string | null;
}

/** POST /api/premium/purchase-membership (201). */
export interface MembershipPurchase {
  plan: 'monthly' | 'annual';
  amount: string;
  currency: string;
  txHash: string;
  isPremium: true;
  membershipExpiresAt: string;
}

/** GET /api/payments/config: how the web app pays through a browser wallet. */
export interface PaymentNetwork {
  currency: 'ETH' | 'MATIC' | 'USDT' | 'USDC';
  /** EIP-155 chain id of the currency's chain; null when its node could not be reached. */
  chainId: number | null;
  decimals: number;
  /** ERC-20 contract for token currencies; null for a chain's native coin. */
  token: string | null;
}
export interface PaymentsConfig {
  /** Currencies payable on this server (their chain is configured), in PAYMENT_CURRENCIES order. */
  networks: PaymentNetwork[];
  /** The platform's receiving address (memberships), or null when not configured. */
  paymentAddress: string | null;
  confirmations: number;
}

// Notifications (CONTRACT.md section 11): the signed-in user's own, never anyone else's.

/** What happened: a reply to my thread or post, a `>>quote` of my post, an `@mention`, a followed user's new named thread, a confirmed tip to me. */
export type NotificationType = 'reply' | 'quote' | 'mention' | 'thread' | 'tip';

/**
 * GET /api/notifications: ids only, never content. `postId` is null when the thread
 * itself is the subject (a new thread, a mention in its opening post, a tip to it).
 * `actor` is null when the acting content is anonymous, for tips, and once the
 * actor's account is gone.
 */
export interface Notification {
  id: number;
  type: NotificationType;
  threadId: number;
  postId: number | null;
  actor: UserRef | null;
  createdAt: string;
  readAt: string | null;
}

/** GET /api/notifications/unread-count. */
export interface UnreadCount {
  count: number;
}
