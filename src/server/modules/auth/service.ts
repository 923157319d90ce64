import { eq, inArray, or } from 'drizzle-orm';
import { PASSWORD_INCORRECT } from '../../../shared/schemas/auth.js';
import type { Db } from '../../db/client.js';
import { cryptoAddresses, followers, notifications, posts, savedThreads, sessions, threads, users, walletChallenges, walletLinks } from '../../db/schema.js';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors.js';
import { USER_NOT_FOUND, USERNAME_TAKEN } from '../../lib/messages.js';
import { type AuthorKey, newAuthorKey, unescrow, unwrapWithPassword, wrapWithPassword } from '../../lib/author-key.js';
import { forgetMarkedAddresses } from '../../lib/anonymous-addresses.js';
import { forgetAuthoredThreads, listAuthorTags } from '../../lib/authored-threads.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { touchThreadsOfUser } from '../../lib/thread-version.js';
import { endSessions } from '../events/index.js';
import { findUserByUsername } from '../users/index.js';

type UserRow = typeof users.$inferSelect;

/** A signed-in account: its row and the author key its password unwrapped. */
export interface SignedIn {
  user: UserRow;
  authorKey: AuthorKey;
}

/** The author key a proved password opened, and whether it must be wrapped under that password. */
export interface UnlockedKey {
  authorKey: AuthorKey;
  rewrap: boolean;
}

export function createAuthService(db: Db, secret: string) {
  /**
   * The author key a proved password opens: unwrapped (one argon2id derivation more
   * than the check), or taken out of escrow, or new when the wrapped form was altered in
   * the database (a sign-in must not fail forever; the account loses the old key's
   * anonymous writing). Writes nothing: login checks the key against author
   * suspensions before anything is written (CONTRACT.md section 13).
   */
  async function unlockAuthorKey(user: UserRow, password: string): Promise<UnlockedKey> {
    let authorKey = user.authorKeyWrapped === null ? null : await unwrapWithPassword(user.authorKeyWrapped, password);
    const rewrap = authorKey === null;
    if (!authorKey && user.authorKeyEscrow !== null) authorKey = unescrow(user.authorKeyEscrow, secret);
    authorKey ??= newAuthorKey();
    return { authorKey, rewrap };
  }

  return {
    /**
     * Creates an account with a new author key, wrapped under its password (CONTRACT.md
     * section 13); a username taken in any letter case is a 409.
     */
    async register(input: { username: string; password: string; email: string | null; isAdmin?: boolean }): Promise<SignedIn> {
      if (await findUserByUsername(db, input.username)) throw new ConflictError(USERNAME_TAKEN);
      const authorKey = newAuthorKey();
      const [passwordHash, authorKeyWrapped] = await Promise.all([hashPassword(input.password), wrapWithPassword(authorKey, input.password)]);
      try {
        const [user] = await db
          .insert(users)
          .values({ username: input.username, email: input.email, passwordHash, authorKeyWrapped, isAdmin: input.isAdmin ?? false, lastLoginAt: new Date() })
          .returning();
        return { user: user!, authorKey };
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

    unlockAuthorKey,

    /**
     * A sign-in with a proved password and its unlocked key: the key wrapped under the
     * password when it was not, the escrow deleted (docs/privacy.md).
     */
    async signIn(user: UserRow, password: string, unlocked?: UnlockedKey): Promise<SignedIn> {
      const { authorKey, rewrap } = unlocked ?? (await unlockAuthorKey(user, password));
      const [signedIn] = await db
        .update(users)
        .set({
          lastLoginAt: new Date(),
          ...(rewrap ? { authorKeyWrapped: await wrapWithPassword(authorKey, password), authorKeyEscrow: null } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      return { user: signedIn!, authorKey };
    },

    /**
     * A sign-in proved by a passkey rather than the password (modules/webauthn): recorded
     * as a password sign-in is (lastLoginAt); the caller has checked what login checks.
     */
    async recordSignIn(userId: number): Promise<UserRow | undefined> {
      const [signedIn] = await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId)).returning();
      return signedIn;
    },

    /**
     * Deletes the account once its password is proved (CONTRACT.md section 11). What is
     * the person's goes: sessions, addresses, wallet links, follows both ways, saved
     * threads, notifications, and through the foreign keys' cascades their timeline, votes (the
     * scores they moved stay as they are), reports and wallet challenges. Their
     * threads and posts stay, anonymous to everyone, admins included: marked anonymous
     * here, then their user_id set to null by the key, so no one can name the author.
     * Money records (tips, purchases, memberships, the payment ledger) and moderation
     * records outlive the account with their user set to null. The username is free
     * to register again.
     */
    async deleteAccount(user: Pick<UserRow, 'id' | 'passwordHash'>, password: string, authorKey: AuthorKey | null): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, password))) throw new ValidationError(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
      const userId = user.id;
      await db.transaction(async (tx) => {
        // Locked first: a thread or post the account writes meanwhile waits on this row,
        // then fails on its foreign key, so nothing named outlives the account.
        const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        if (!locked) throw new NotFoundError(USER_NOT_FOUND);
        // Their open event streams end with the sessions, on every instance, at commit.
        await endSessions(tx, eq(sessions.userId, userId));
        await tx.delete(cryptoAddresses).where(eq(cryptoAddresses.userId, userId));
        await tx.delete(walletLinks).where(eq(walletLinks.userId, userId));
        await tx.delete(walletChallenges).where(eq(walletChallenges.userId, userId));
        // Follower counts are counted from these rows, so everyone else's stay exact.
        await tx.delete(followers).where(or(eq(followers.followerId, userId), eq(followers.followingId, userId)));
        await tx.delete(savedThreads).where(eq(savedThreads.userId, userId));
        // Their own notifications go (CONTRACT.md section 11), those addressed to their
        // anonymous writing's tags too (section 13), found with the key before its list
        // goes; those naming them as actor lose the actor when the user row goes (the key
        // sets it to null).
        const tags = authorKey ? await listAuthorTags(tx, authorKey) : [];
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        if (tags.length > 0) await tx.delete(notifications).where(inArray(notifications.recipientTag, tags));
        // The sealed list of their anonymous threads goes with the key that opened it.
        if (authorKey) await forgetAuthoredThreads(tx, authorKey);
        // So does their sealed list of marked addresses. The payees of their anonymous
        // threads stay: the writing stays, still paid to the wallet they hold, and
        // deleting those rows beside the account's would tie its tags to it.
        if (authorKey) await forgetMarkedAddresses(tx, authorKey);
        // Every page their name was on changes (threads.version), before it leaves them.
        await touchThreadsOfUser(tx, userId);
        await tx.update(threads).set({ isAnonymous: true }).where(eq(threads.userId, userId));
        await tx.update(posts).set({ isAnonymous: true }).where(eq(posts.userId, userId));
        await tx.delete(users).where(eq(users.id, userId));
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
