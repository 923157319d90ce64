import { z } from 'zod';
import { optionalIdField } from './fields.js';

export const IP_HASH_REQUIRED = 'IP Hash is required';
export const INVALID_IP_HASH = 'Invalid IP hash';
export const EXPIRY_IN_PAST = 'Expiry must be in the future';
export const REPORT_TARGET_REQUIRED = 'Report a thread or a post';
export const REPORT_REASON_REQUIRED = 'Please give a reason';
export const REASON_TOO_LONG = 'Reason must be less than 500 characters';

/** The reason columns of banned_ips and reports are varchar(500). */
const REASON_MAX = 500;

/** An IP hash is an HMAC-SHA256 in hex (plugins/client-ip.ts); compared in lower case. */
export const IP_HASH_PATTERN = /^[0-9a-f]{64}$/i;

/** Absent, null and blank all mean "not given", as a form's empty input sends ''. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalReason = z.preprocess(
  blankToUndefined,
  z.string({ error: 'Invalid input' }).trim().max(REASON_MAX, REASON_TOO_LONG).optional(),
);

/** An expiry (absent: permanent), shared by IP bans and author suspensions. */
const expiryField = z.preprocess(
  blankToUndefined,
  z.iso
    .datetime({ offset: true, error: 'Expiry must be a date and time' })
    .refine((value) => new Date(value).getTime() > Date.now(), EXPIRY_IN_PAST)
    .optional(),
);

const ipHashField = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? IP_HASH_REQUIRED : INVALID_IP_HASH) })
  .trim()
  .min(1, IP_HASH_REQUIRED)
  .regex(IP_HASH_PATTERN, INVALID_IP_HASH)
  .transform((hash) => hash.toLowerCase());

export const BAN_SCOPES = ['ip', 'subnet', 'wide'] as const;
export const INVALID_BAN_SCOPE = 'Scope must be ip, subnet or wide';
/** What the ban dialog calls each scope. */
export const BAN_SCOPE_LABELS: Record<(typeof BAN_SCOPES)[number], string> = {
  ip: 'This address only',
  subnet: 'Its subnet (IPv4 /24, IPv6 /64)',
  wide: 'Its wide range (IPv4 /16, IPv6 /48)',
};

/** Absent or blank: `ip`, the address behind the hash only (CONTRACT.md section 11). */
const banScopeField = z.preprocess(blankToUndefined, z.enum(BAN_SCOPES, { error: INVALID_BAN_SCOPE }).default('ip'));

/** POST /api/moderation/ban-ip and the ban forms (SPEC.md section 5: 'IP Hash is required'). */
export const banIpSchema = z.object({
  ipHash: ipHashField,
  scope: banScopeField,
  reason: optionalReason,
  // Absent: a permanent ban. An instant with its offset ('Z' or '+02:00'), so the
  // server never guesses the time zone of the admin who typed it.
  expiresAt: expiryField,
});
export type BanIpInput = z.input<typeof banIpSchema>;

export const SUSPEND_TARGET_REQUIRED = 'Suspend the author of a thread or a post';

/**
 * POST /api/moderation/suspend-author and the Suspend author dialog (CONTRACT.md
 * section 13): one anonymous thread or post, why (shown to its author), and until when
 * (absent: permanent).
 */
export const suspendAuthorSchema = z
  .object({
    threadId: optionalIdField(SUSPEND_TARGET_REQUIRED),
    postId: optionalIdField(SUSPEND_TARGET_REQUIRED),
    reason: z.string({ error: REPORT_REASON_REQUIRED }).trim().min(1, REPORT_REASON_REQUIRED).max(REASON_MAX, REASON_TOO_LONG),
    expiresAt: expiryField,
  })
  .refine((input) => (input.threadId === undefined) !== (input.postId === undefined), {
    path: ['threadId'],
    message: SUSPEND_TARGET_REQUIRED,
  });
export type SuspendAuthorInput = z.input<typeof suspendAuthorSchema>;

/** PATCH /api/threads/{id}/sticky. */
export const stickySchema = z.object({ isSticky: z.boolean({ error: 'isSticky must be true or false' }) });

/** PATCH /api/threads/{id}/lock. */
export const lockSchema = z.object({ isLocked: z.boolean({ error: 'isLocked must be true or false' }) });

/** POST /api/reports and the report dialog: one thread or one post, and why. */
export const reportSchema = z
  .object({
    threadId: optionalIdField(REPORT_TARGET_REQUIRED),
    postId: optionalIdField(REPORT_TARGET_REQUIRED),
    reason: z
      .string({ error: REPORT_REASON_REQUIRED })
      .trim()
      .min(1, REPORT_REASON_REQUIRED)
      .max(REASON_MAX, REASON_TOO_LONG),
  })
  // The error sits on threadId: an object-level issue would have no field to name.
  .refine((report) => (report.threadId === undefined) !== (report.postId === undefined), {
    path: ['threadId'],
    message: REPORT_TARGET_REQUIRED,
  });
export type ReportInput = z.input<typeof reportSchema>;

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;

/** GET /api/moderation/reports query: which queue, newest first, 50 at a time before `before`. */
export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: 'status must be open, resolved or dismissed' }).default('open'),
  before: optionalIdField('before must be a report id'),
});

/** PATCH /api/moderation/reports/{id}: closing a report. */
export const reportResolutionSchema = z.object({
  status: z.enum(['resolved', 'dismissed'], { error: 'status must be resolved or dismissed' }),
});

/** PATCH /api/moderation/users/{id}: suspending (false) or reactivating (true) an account. */
export const userStatusSchema = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

/** GET /api/moderation/log query: newest first, 50 at a time before `before`. */
export const moderationLogQuerySchema = z.object({
  before: optionalIdField('before must be a log entry id'),
});

/** The periods the admins' dashboard offers, in days. */
export const STATS_PERIODS = [7, 30, 90] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_DAYS_INVALID = 'days must be 7, 30 or 90';

/** GET /api/moderation/stats query. */
export const moderationStatsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], { message: STATS_DAYS_INVALID })
    .default('7')
    .transform((days) => Number(days) as StatsPeriod),
});

/** GET /api/moderation/ban-ip/preview: what a ban of that scope on that hash would cover. */
export const banPreviewQuerySchema = z.object({ ipHash: ipHashField, scope: banScopeField });

export const APPEAL_MIN = 10;
export const APPEAL_MAX = 1000;
export const APPEAL_TOO_SHORT = `Please explain in at least ${APPEAL_MIN} characters`;
export const APPEAL_TOO_LONG = `Appeal must be at most ${APPEAL_MAX} characters`;

/** POST /api/bans/appeal and the ban page's appeal form. */
export const appealSchema = z.object({
  message: z.string({ error: APPEAL_TOO_SHORT }).trim().min(APPEAL_MIN, APPEAL_TOO_SHORT).max(APPEAL_MAX, APPEAL_TOO_LONG),
});
export type AppealInput = z.input<typeof appealSchema>;

export const RESPONSE_TOO_LONG = `Response must be at most ${APPEAL_MAX} characters`;
export const DENIAL_NEEDS_RESPONSE = 'Tell the visitor why the appeal is denied';

/** PATCH /api/moderation/appeals/{id}: accepting lifts the ban; a denial says why. */
export const appealDecisionSchema = z
  .object({
    status: z.enum(['accepted', 'denied'], { error: 'status must be accepted or denied' }),
    response: z.preprocess(blankToUndefined, z.string({ error: 'Invalid input' }).trim().max(APPEAL_MAX, RESPONSE_TOO_LONG).optional()),
  })
  .refine((decision) => decision.status === 'accepted' || (decision.response ?? '').length > 0, {
    path: ['response'],
    message: DENIAL_NEEDS_RESPONSE,
  });
export type AppealDecisionInput = z.input<typeof appealDecisionSchema>;

/** GET /api/moderation/public-log query: newest first, 50 at a time before `before`. */
export const publicLogQuerySchema = moderationLogQuerySchema;
