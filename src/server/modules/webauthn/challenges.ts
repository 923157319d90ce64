import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import { PASSKEY_CHALLENGE_TTL_MS } from '../../../shared/constants.js';
import { PASSKEY_CHALLENGE_EXPIRED, PASSKEY_CHALLENGE_INVALID, PASSKEY_REFUSED } from '../../../shared/schemas/webauthn.js';
import type { Db } from '../../db/client.js';
import { webauthnChallenges } from '../../db/schema.js';
import { BadRequestError } from '../../lib/errors.js';

type Kind = 'register' | 'authenticate';

/**
 * WebAuthn challenges, kept in PostgreSQL so that the instance answering a ceremony
 * need not be the one that began it (CONTRACT.md section 9). Each is answered at most
 * once: taking it deletes it, whatever the answer turns out to be.
 */
export function createChallengeStore(db: Db) {
  return {
    /** A new challenge (32 random bytes, base64url) of a kind, for an account (registration) or for anyone (sign-in). */
    async issue(kind: Kind, userId: number | null): Promise<string> {
      const challenge = randomBytes(32).toString('base64url');
      // Abandoned ceremonies leave rows: the expired ones go as new ones come (an index range).
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 minute'`));
      await db.insert(webauthnChallenges).values({ challenge, kind, userId, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS) });
      return challenge;
    },

    /**
     * The challenge the browser's clientDataJSON answers, taken (deleted) in one statement,
     * so two requests racing with one answer cannot both have it. 400 when it was never
     * issued, was taken already, is of another kind or account, or has expired.
     */
    async take(clientDataJSON: string, kind: Kind, userId: number | null): Promise<string> {
      const challenge = challengeOf(clientDataJSON);
      const [row] = await db.delete(webauthnChallenges).where(eq(webauthnChallenges.challenge, challenge)).returning();
      if (!row || row.kind !== kind || (row.userId ?? null) !== userId) throw new BadRequestError(PASSKEY_CHALLENGE_INVALID);
      if (row.expiresAt.getTime() <= Date.now()) throw new BadRequestError(PASSKEY_CHALLENGE_EXPIRED);
      return challenge;
    },
  };
}

/** The challenge named by a clientDataJSON (base64url of JSON), or a 400. */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(parsed.challenge)) return parsed.challenge;
  } catch {
    // Not JSON: refused below, as any malformed answer.
  }
  throw new BadRequestError(PASSKEY_REFUSED);
}

export type ChallengeStore = ReturnType<typeof createChallengeStore>;
