import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { TOTP_ENROL_TTL_MS } from '../../../shared/constants.js';
import { PASSWORD_INCORRECT } from '../../../shared/schemas/auth.js';
import {
  CODE_ALREADY_USED,
  INVALID_CODE,
  INVALID_RECOVERY,
  NEW_PASSWORD_SAME,
  SESSION_NOT_FOUND,
  TOTP_ALREADY_ON,
  TOTP_ENROLMENT_EXPIRED,
  TOTP_NOT_ON,
  TOTP_NOT_STARTED,
  type RecoveryCodes,
  type TotpEnrolment,
  type TwoFactorStatus,
} from '../../../shared/schemas/account-security.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { totpSecrets, users } from '../../db/schema.js';
import { type AuthorKey, wrapWithPassword } from '../../lib/author-key.js';
import type { HttpError} from '../../lib/errors.js';
import { ConflictError, NotFoundError, TwoFactorRequiredError, UnauthorizedError, ValidationError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { findUserByUsername } from '../users/index.js';
import { countRecoveryCodes, makeRecoveryCodes, spendRecoveryCode, storeRecoveryCodes } from './recovery-codes.js';
import { endOtherSessions, endSessionByHandle, handleOf, isSessionHandle, listSessions } from './sessions.js';
import { isTotpCode, newTotpSecret, stepOfCode } from './totp.js';

type UserRow = typeof users.$inferSelect;

/** A code refused where the caller answers 401 (sign-in) or 400 on the `code` field (settings). */
type CodeRefusal = (message: string) => HttpError;
const atSignIn: CodeRefusal = (message) => new UnauthorizedError(message);
const inSettings: CodeRefusal = (message) => new ValidationError(message, { code: message });

/**
 * The account's credentials beyond its password (CONTRACT.md section 15, issue 30): the
 * second factor (TOTP), recovery codes, password change and recovery. Whatever changes a
 * credential keeps the account's author key (lib/author-key.ts) the same, so its
 * anonymous writing stays its own: only the key's wrapped forms change.
 */
export function createAccountSecurityService(db: Db, secret: string) {
  const totpRow = async (userId: number) => (await db.select().from(totpSecrets).where(eq(totpSecrets.userId, userId)).limit(1))[0];

  /**
   * Takes a six-digit code for the account's secret: once per 30-second step, so a code
   * seen over a shoulder or in transit cannot be replayed after its sign-in.
   */
  async function acceptTotp(tx: DbOrTx, row: typeof totpSecrets.$inferSelect, code: string, refuse: CodeRefusal): Promise<number> {
    const step = stepOfCode(row.secretSealed, row.userId, secret, code.replace(/\s/g, ''));
    if (step === null) throw refuse(INVALID_CODE);
    const taken = await tx
      .update(totpSecrets)
      .set({ lastStep: step })
      .where(and(eq(totpSecrets.userId, row.userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))))
      .returning({ userId: totpSecrets.userId });
    if (taken.length === 0) throw refuse(CODE_ALREADY_USED);
    return step;
  }

  /** A second-factor code for an account with the factor on: its TOTP code, or one of its recovery codes (used up). */
  async function acceptCode(row: typeof totpSecrets.$inferSelect, code: string, refuse: CodeRefusal): Promise<void> {
    if (isTotpCode(code)) {
      await acceptTotp(db, row, code, refuse);
      return;
    }
    if (!(await spendRecoveryCode(db, row.userId, code))) throw refuse(INVALID_CODE);
  }

  return {
    /** GET /api/user/totp. */
    async status(userId: number): Promise<TwoFactorStatus> {
      const [row, left] = await Promise.all([totpRow(userId), countRecoveryCodes(db, userId)]);
      return { enabled: row !== undefined && row.enrolExpiresAt === null, recoveryCodesLeft: left };
    },

    /**
     * The second-factor step of a sign-in whose password was proved (CONTRACT.md section
     * 15): nothing for an account without the factor; else 401 `twoFactorRequired`
     * without a code, and a try of the account's budget (`spend`) for each code, a wrong
     * or replayed one a 401.
     */
    async signInStep(userId: number, code: string | undefined, spend: () => Promise<void>): Promise<void> {
      const row = await totpRow(userId);
      if (!row || row.enrolExpiresAt !== null) return;
      if (!code) throw new TwoFactorRequiredError();
      await spend();
      await acceptCode(row, code, atSignIn);
    },

    /**
     * Starts an enrolment: a new secret, waiting for its first code (TOTP_ENROL_TTL_MS).
     * A second start replaces the first; with the factor on, 409.
     */
    async startTotp(user: Pick<UserRow, 'id' | 'username'>): Promise<TotpEnrolment> {
      const enrolment = newTotpSecret(user.id, user.username, secret);
      const enrolExpiresAt = new Date(Date.now() + TOTP_ENROL_TTL_MS);
      const [row] = await db
        .insert(totpSecrets)
        .values({ userId: user.id, secretSealed: enrolment.sealed, enrolExpiresAt })
        .onConflictDoUpdate({ target: totpSecrets.userId, set: { secretSealed: enrolment.sealed, enrolExpiresAt, lastStep: null }, setWhere: isNotNull(totpSecrets.enrolExpiresAt) })
        .returning({ userId: totpSecrets.userId });
      if (!row) throw new ConflictError(TOTP_ALREADY_ON);
      return { secret: enrolment.secret, otpauthUrl: enrolment.otpauthUrl };
    },

    /**
     * Turns the factor on with a first right code; answers ten new recovery codes (the
     * old ones stop working) and signs out the account's other sessions.
     */
    async confirmTotp(userId: number, code: string, authorKey: AuthorKey, currentSession: string | null): Promise<RecoveryCodes> {
      const row = await totpRow(userId);
      if (!row) throw new ValidationError(TOTP_NOT_STARTED, { code: TOTP_NOT_STARTED });
      if (row.enrolExpiresAt === null) throw new ConflictError(TOTP_ALREADY_ON);
      if (row.enrolExpiresAt.getTime() <= Date.now()) throw new ValidationError(TOTP_ENROLMENT_EXPIRED, { code: TOTP_ENROLMENT_EXPIRED });
      // Checked before the recovery codes' argon2id work, so a wrong code costs little.
      if (stepOfCode(row.secretSealed, userId, secret, code.replace(/\s/g, '')) === null) throw inSettings(INVALID_CODE);
      const made = await makeRecoveryCodes(authorKey);
      await db.transaction(async (tx) => {
        // Taken for its step here: of two confirmations with one code, one wins.
        await acceptTotp(tx, row, code, inSettings);
        await tx.update(totpSecrets).set({ enrolExpiresAt: null }).where(eq(totpSecrets.userId, userId));
        await storeRecoveryCodes(tx, userId, made.wrapped);
        await endOtherSessions(tx, userId, currentSession);
      });
      return { recoveryCodes: made.codes };
    },

    /** Turns the factor off with a code (its TOTP code or a recovery code); signs out the other sessions. */
    async disableTotp(userId: number, code: string, currentSession: string | null): Promise<void> {
      const row = await totpRow(userId);
      if (!row || row.enrolExpiresAt !== null) throw new ValidationError(TOTP_NOT_ON, { code: TOTP_NOT_ON });
      await acceptCode(row, code, inSettings);
      await db.transaction(async (tx) => {
        await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
        await endOtherSessions(tx, userId, currentSession);
      });
    },

    /** Ten new recovery codes once the password is proved (the old ones stop working); signs out the other sessions. */
    async regenerateRecoveryCodes(user: Pick<UserRow, 'id' | 'passwordHash'>, password: string, authorKey: AuthorKey, currentSession: string | null): Promise<RecoveryCodes> {
      if (!(await verifyPassword(user.passwordHash, password))) throw new ValidationError(PASSWORD_INCORRECT, { password: PASSWORD_INCORRECT });
      const made = await makeRecoveryCodes(authorKey);
      await db.transaction(async (tx) => {
        await storeRecoveryCodes(tx, user.id, made.wrapped);
        await endOtherSessions(tx, user.id, currentSession);
      });
      return { recoveryCodes: made.codes };
    },

    /**
     * A new password once the current one is proved: the author key wrapped under it (the
     * recovery codes' and any escrow's wrapped forms hold the same key, so they stay
     * good), and the account's other sessions signed out.
     */
    async changePassword(
      user: Pick<UserRow, 'id' | 'passwordHash'>,
      input: { currentPassword: string; newPassword: string },
      authorKey: AuthorKey,
      currentSession: string | null,
    ): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw new ValidationError(PASSWORD_INCORRECT, { currentPassword: PASSWORD_INCORRECT });
      }
      if (input.newPassword === input.currentPassword) throw new ValidationError(NEW_PASSWORD_SAME, { newPassword: NEW_PASSWORD_SAME });
      const [passwordHash, authorKeyWrapped] = await Promise.all([hashPassword(input.newPassword), wrapWithPassword(authorKey, input.newPassword)]);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, authorKeyWrapped, updatedAt: new Date() }).where(eq(users.id, user.id));
        await endOtherSessions(tx, user.id, currentSession);
      });
    },

    /** The account a recovery names, for the per-account limit and the checks before any write; null when there is none. */
    accountToRecover(username: string): Promise<UserRow | undefined> {
      return findUserByUsername(db, username);
    },

    /**
     * Uses a recovery code: the author key it wraps (null for a wrong or used code). The
     * caller checks the account may sign in before `resetPassword` writes.
     */
    openWithRecoveryCode(userId: number, code: string): Promise<AuthorKey | null> {
      return spendRecoveryCode(db, userId, code);
    },

    /**
     * Sets the new password of a recovery: the author key the code opened wrapped under
     * it (so the account's anonymous writing stays its own), any escrow gone, every
     * session signed out (the caller starts a new one).
     */
    async resetPassword(userId: number, newPassword: string, authorKey: AuthorKey): Promise<UserRow> {
      const [passwordHash, authorKeyWrapped] = await Promise.all([hashPassword(newPassword), wrapWithPassword(authorKey, newPassword)]);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .update(users)
          .set({ passwordHash, authorKeyWrapped, authorKeyEscrow: null, lastLoginAt: new Date(), updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        await endOtherSessions(tx, userId, null);
        if (!user) throw new UnauthorizedError(INVALID_RECOVERY);
        return user;
      });
    },

    /** GET /api/user/sessions. */
    sessions: (userId: number, currentSession: string | null) => listSessions(db, userId, currentSession),

    /**
     * Signs out one of the account's sessions by its handle: 'current' when it is the
     * caller's own (the caller ends it as logout does, cookie and all), 'ended', or 404.
     */
    async signOutSession(userId: number, handle: string, currentSession: string | null): Promise<'current' | 'ended'> {
      if (!isSessionHandle(handle)) throw new NotFoundError(SESSION_NOT_FOUND);
      if (currentSession !== null && (await handleOf(db, currentSession)) === handle) return 'current';
      if (!(await endSessionByHandle(db, userId, handle))) throw new NotFoundError(SESSION_NOT_FOUND);
      return 'ended';
    },

    /** Signs out every session of the account but the caller's. */
    signOutOthers: (userId: number, currentSession: string | null) => endOtherSessions(db, userId, currentSession),
  };
}

export type AccountSecurityService = ReturnType<typeof createAccountSecurityService>;
