import type { CurrentUser, PublicUser } from '../../../shared/api.js';
import type { users } from '../../db/schema.js';
import { hasActiveMembership } from '../../lib/membership.js';

type UserRow = typeof users.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What anyone may see of a user: an allow-list, so a new column never leaks. */
export function serializePublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    isAdmin: user.isAdmin,
    isPremium: hasActiveMembership(user),
    membershipExpiresAt: iso(user.membershipExpiresAt),
    createdAt: user.createdAt.toISOString(),
    postCount: user.postCount,
    threadCount: user.threadCount,
    totalTipsSent: user.totalTipsSent,
    totalTipsReceived: user.publicTipsReceived,
    bio: user.bio,
    avatarUrl: user.avatarUrl,
  };
}

/**
 * The user as they (or an admin) see themselves: adds e-mail and account state, and
 * figures that include their anonymous activity (so marked).
 */
export function serializeCurrentUser(user: UserRow): CurrentUser {
  return {
    ...serializePublicUser(user),
    totalTipsReceived: user.totalTipsReceived,
    countsIncludeAnonymous: true,
    email: user.email,
    isActive: user.isActive,
    lastLoginAt: iso(user.lastLoginAt),
  };
}
