import type { CurrentUser, MembershipPlan } from '../../../shared/api.js';

export type PlanId = MembershipPlan['id'];

export const PLAN_NAMES: Record<PlanId, string> = { monthly: 'Monthly', annual: 'Annual' };
export const PLAN_PERIODS: Record<PlanId, string> = { monthly: 'month', annual: 'year' };
/** What a membership gives (SPEC.md section 6, premium user). */
export const MEMBERSHIP_BENEFITS = ['Read every premium thread without paying for each', 'Create premium threads and set their price', 'Premium badge on your profile'];

/** SPEC.md section 9: the annual plan is labelled 'Save 16%' (85 USD against 12 × 8.50). */
export const ANNUAL_SAVING = 'Save 16%';

/** Signed-in user whose membership has no end or ends in the future (SPEC.md section 4, membership). */
export function isActiveMember(user: CurrentUser | null, now = Date.now()): boolean {
  if (!user?.isPremium) return false;
  return user.membershipExpiresAt === null || Date.parse(user.membershipExpiresAt) > now;
}

/** Until when a plan bought now runs: one month or one year from now (SPEC.md section 4). */
export function membershipUntil(plan: PlanId, now = new Date()): Date {
  const until = new Date(now);
  const day = until.getDate();
  if (plan === 'monthly') until.setMonth(until.getMonth() + 1);
  else until.setFullYear(until.getFullYear() + 1);
  // Like the server's date arithmetic, Jan 31 plus a month is the end of February, not early March.
  if (until.getDate() !== day) until.setDate(0);
  return until;
}
