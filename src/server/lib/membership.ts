import type { users } from '../db/schema.js';

/**
 * A membership counts while it has not expired (no expiry: granted without end). The
 * viewer (lib/viewer.ts) and the user serializer both ask it, so it sits below both.
 */
export function hasActiveMembership(user: Pick<typeof users.$inferSelect, 'isPremium' | 'membershipExpiresAt'>, now = new Date()): boolean {
  return user.isPremium && (user.membershipExpiresAt === null || user.membershipExpiresAt > now);
}
