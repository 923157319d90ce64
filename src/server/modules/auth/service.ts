import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { ConflictError, isUniqueViolation } from '../../lib/errors.js';
import { USERNAME_TAKEN } from '../../lib/messages.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { findUserByUsername } from '../users/index.js';

type UserRow = typeof users.$inferSelect;

export function createAuthService(db: Db) {
  return {
    /** Creates an account; a username taken in any letter case is a 409. */
    async register(input: { username: string; password: string; email: string | null; isAdmin?: boolean }): Promise<UserRow> {
      if (await findUserByUsername(db, input.username)) throw new ConflictError(USERNAME_TAKEN);
      const passwordHash = await hashPassword(input.password);
      try {
        const [user] = await db
          .insert(users)
          .values({ username: input.username, email: input.email, passwordHash, isAdmin: input.isAdmin ?? false, lastLoginAt: new Date() })
          .returning();
        return user!;
      } catch (error) {
        // Two registrations of one name at once: the unique index decides.
        if (isUniqueViolation(error)) throw new ConflictError(USERNAME_TAKEN);
        throw error;
      }
    },

    /** The user when the password matches; null otherwise, in the same time either way. */
    async verifyCredentials(username: string, password: string): Promise<UserRow | null> {
      const user = await findUserByUsername(db, username);
      const ok = await verifyPassword(user?.passwordHash, password);
      return ok && user ? user : null;
    },

    async recordLogin(userId: number): Promise<UserRow> {
      const [user] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)).returning();
      return user!;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
