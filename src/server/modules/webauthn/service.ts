import { createHash, randomBytes } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import { PASSKEYS_MAX } from '../../../shared/constants.js';
import {
  type Passkey,
  PASSKEY_ALREADY_ADDED,
  PASSKEY_NOT_FOUND,
  PASSKEY_REFUSED,
  PASSKEY_UNKNOWN,
} from '../../../shared/schemas/webauthn.js';
import type { Db } from '../../db/client.js';
import { users, webauthnCredentials } from '../../db/schema.js';
import { type AuthorKey, unwrapWithPrf, wrapWithPrf } from '../../lib/author-key.js';
import { BadRequestError, ConflictError, isUniqueViolation, NotFoundError } from '../../lib/errors.js';
import { createChallengeStore } from './challenges.js';

/** Where a ceremony must have happened: the board's public origin and its host name (lib/site-origin.ts). */
export interface RelyingParty {
  origin: string;
  id: string;
}

type CredentialRow = typeof webauthnCredentials.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * What the browser evaluates the PRF extension with, the same for every passkey of the
 * board: a sign-in names no account before the assertion, and without `allowCredentials`
 * the extension takes one input for all (WebAuthn's `evalByCredential` needs them). Each
 * credential's output is its own anyway (its authenticator's secret); the per-credential
 * random salt goes into the HKDF that makes the wrapping key (lib/author-key.ts).
 */
export const PRF_INPUT = createHash('sha256').update('hushboard passkey author key v1').digest('base64url');

const RP_NAME = 'Hushboard';
const MAX_TRANSPORTS = 8;

const toPasskey = (row: CredentialRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  unlocksAnonymousPosts: row.authorKeyWrapped !== null,
});

/** The library throws on any mismatch (origin, RP ID, signature, counter, flags): all are one refusal. */
async function verified<T>(check: () => Promise<T & { verified: boolean }>): Promise<T> {
  let result: T & { verified: boolean };
  try {
    result = await check();
  } catch {
    throw new BadRequestError(PASSKEY_REFUSED);
  }
  if (!result.verified) throw new BadRequestError(PASSKEY_REFUSED);
  return result;
}

/** A wrap of the author key under a PRF output, with its new random salt. */
function prfWrap(authorKey: AuthorKey | null, prfOutput: string | undefined): { prfSalt: string; authorKeyWrapped: string } | null {
  if (!authorKey || prfOutput === undefined) return null;
  const salt = randomBytes(32);
  return { prfSalt: salt.toString('base64url'), authorKeyWrapped: wrapWithPrf(authorKey, Buffer.from(prfOutput, 'base64url'), salt) };
}

/**
 * Passkeys (CONTRACT.md section 15, docs/decisions/021-passkeys.md): registration and
 * sign-in ceremonies through SimpleWebAuthn, the account's list of passkeys, and the
 * author key's PRF wraps.
 */
export function createWebauthnService(db: Db) {
  const challenges = createChallengeStore(db);

  const ownCredential = async (userId: number, id: number): Promise<CredentialRow> => {
    const [row] = await db
      .select()
      .from(webauthnCredentials)
      .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
      .limit(1);
    if (!row) throw new NotFoundError(PASSKEY_NOT_FOUND);
    return row;
  };

  /** Verifies an assertion by a known credential against a taken challenge; raises its counter and marks it used. */
  async function assert(response: AuthenticationResponseJSON, credential: CredentialRow, challenge: string, rp: RelyingParty): Promise<void> {
    const { authenticationInfo } = await verified(() =>
      verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
        credential: {
          id: credential.credentialId,
          publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
          counter: credential.counter,
        },
      }),
    );
    // Only over the counter read: of two assertions racing past the library's check, one counts.
    const updated = await db
      .update(webauthnCredentials)
      .set({ counter: authenticationInfo.newCounter, lastUsedAt: new Date() })
      .where(and(eq(webauthnCredentials.id, credential.id), eq(webauthnCredentials.counter, credential.counter)))
      .returning({ id: webauthnCredentials.id });
    if (updated.length === 0 && credential.counter !== 0) throw new BadRequestError(PASSKEY_REFUSED);
  }

  const credentialOf = async (response: AuthenticationResponseJSON): Promise<CredentialRow | undefined> => {
    const [row] = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.credentialId, response.id)).limit(1);
    return row;
  };

  return {
    async list(userId: number): Promise<Passkey[]> {
      const rows = await db.select().from(webauthnCredentials).where(eq(webauthnCredentials.userId, userId)).orderBy(asc(webauthnCredentials.id));
      return rows.map(toPasskey);
    },

    /** Options for navigator.credentials.create(): a discoverable credential with user verification, none of the account's again. */
    async registrationOptions(user: Pick<UserRow, 'id' | 'username'>, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const existing = await db
        .select({ credentialId: webauthnCredentials.credentialId, transports: webauthnCredentials.transports })
        .from(webauthnCredentials)
        .where(eq(webauthnCredentials.userId, user.id));
      if (existing.length >= PASSKEYS_MAX) throw new BadRequestError(`An account holds at most ${PASSKEYS_MAX} passkeys`);
      const challenge = await challenges.issue('register', user.id);
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        userName: user.username,
        // The user handle the authenticator keeps: the account's id, which names it to its own authenticator only.
        userID: new TextEncoder().encode(String(user.id)),
        challenge: Buffer.from(challenge, 'base64url'),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        extensions: { prf: { eval: { first: PRF_INPUT } } } as never,
      });
      return options;
    },

    /**
     * Adds the passkey that answered the account's registration challenge. With a PRF
     * output and the session's author key open, the key is wrapped under it too.
     */
    async register(
      userId: number,
      input: { name: string; response: RegistrationResponseJSON; prfOutput?: string | undefined },
      authorKey: AuthorKey | null,
      rp: RelyingParty,
    ): Promise<Passkey> {
      const challenge = await challenges.take(input.response.response.clientDataJSON, 'register', userId);
      const { registrationInfo } = await verified(() =>
        verifyRegistrationResponse({ response: input.response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true }),
      );
      if (!registrationInfo) throw new BadRequestError(PASSKEY_REFUSED);
      const { credential } = registrationInfo;
      try {
        const [row] = await db
          .insert(webauthnCredentials)
          .values({
            userId,
            credentialId: credential.id,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: (credential.transports ?? []).slice(0, MAX_TRANSPORTS),
            name: input.name,
            ...prfWrap(authorKey, input.prfOutput),
          })
          .returning();
        return toPasskey(row!);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(PASSKEY_ALREADY_ADDED);
        throw error;
      }
    },

    /** Options for navigator.credentials.get() without a username: any passkey of this board may answer. */
    async authenticationOptions(rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const challenge = await challenges.issue('authenticate', null);
      const options = await generateAuthenticationOptions({ rpID: rp.id, challenge: Buffer.from(challenge, 'base64url'), userVerification: 'required', allowCredentials: [] });
      return { ...options, extensions: { prf: { eval: { first: PRF_INPUT } } } as never };
    },

    /**
     * A sign-in with a passkey alone: the account whose credential signed the challenge,
     * and its author key when a PRF output opens the credential's wrap (else null: the
     * session starts locked).
     */
    async authenticate(input: { response: AuthenticationResponseJSON; prfOutput?: string | undefined }, rp: RelyingParty): Promise<{ user: UserRow; authorKey: AuthorKey | null }> {
      // Taken first: an answer is spent whatever follows.
      const challenge = await challenges.take(input.response.response.clientDataJSON, 'authenticate', null);
      const credential = await credentialOf(input.response);
      if (!credential) throw new BadRequestError(PASSKEY_UNKNOWN);
      await assert(input.response, credential, challenge, rp);
      const [user] = await db.select().from(users).where(eq(users.id, credential.userId)).limit(1);
      if (!user) throw new BadRequestError(PASSKEY_UNKNOWN);
      let authorKey: AuthorKey | null = null;
      if (credential.authorKeyWrapped !== null && credential.prfSalt !== null && input.prfOutput !== undefined) {
        authorKey = unwrapWithPrf(credential.authorKeyWrapped, Buffer.from(input.prfOutput, 'base64url'), Buffer.from(credential.prfSalt, 'base64url'));
      }
      return { user, authorKey };
    },

    /**
     * Wraps the author key under a passkey of the account whose authenticator gave no PRF
     * output at registration (some give it only at sign-in): an assertion by that passkey
     * with its output, in a session whose key is open.
     */
    async enablePrf(userId: number, id: number, input: { response: AuthenticationResponseJSON; prfOutput?: string | undefined }, authorKey: AuthorKey, rp: RelyingParty): Promise<Passkey> {
      const credential = await ownCredential(userId, id);
      const challenge = await challenges.take(input.response.response.clientDataJSON, 'authenticate', null);
      if (input.response.id !== credential.credentialId) throw new BadRequestError(PASSKEY_REFUSED);
      await assert(input.response, credential, challenge, rp);
      const wrap = prfWrap(authorKey, input.prfOutput);
      if (!wrap) throw new BadRequestError(PASSKEY_REFUSED);
      const [row] = await db.update(webauthnCredentials).set(wrap).where(eq(webauthnCredentials.id, credential.id)).returning();
      return toPasskey(row!);
    },

    async rename(userId: number, id: number, name: string): Promise<Passkey> {
      const [row] = await db.update(webauthnCredentials).set({ name }).where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId))).returning();
      if (!row) throw new NotFoundError(PASSKEY_NOT_FOUND);
      return toPasskey(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      const deleted = await db
        .delete(webauthnCredentials)
        .where(and(eq(webauthnCredentials.id, id), eq(webauthnCredentials.userId, userId)))
        .returning({ id: webauthnCredentials.id });
      if (deleted.length === 0) throw new NotFoundError(PASSKEY_NOT_FOUND);
    },
  };
}

export type WebauthnService = ReturnType<typeof createWebauthnService>;
