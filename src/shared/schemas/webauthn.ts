import { z } from 'zod';
import { PASSKEY_NAME_MAX, PASSWORD_MAX } from '../constants.js';

// Passkeys (CONTRACT.md section 15, docs/decisions/021-passkeys.md): the rules and
// messages of the API and of the web forms, one place for both.

export const PASSKEY_NAME_REQUIRED = 'Name your passkey';
export const PASSKEY_NAME_TOO_LONG = `A passkey name is at most ${PASSKEY_NAME_MAX} characters`;
export const PASSKEY_NOT_FOUND = 'Passkey not found';
/** A ceremony answering a challenge that was never issued, was answered already, or belongs to another account. */
export const PASSKEY_CHALLENGE_INVALID = 'This passkey request is not valid or was already used: please try again';
export const PASSKEY_CHALLENGE_EXPIRED = 'This passkey request has expired: please try again';
/** A sign-in with a credential no account holds (deleted, or never registered here). */
export const PASSKEY_UNKNOWN = 'This passkey is not registered here';
/** The signature, origin, RP ID, user verification or counter did not check out. */
export const PASSKEY_REFUSED = 'This passkey could not be verified';
export const PASSKEY_ALREADY_ADDED = 'This passkey is already added';
/** A PRF output that is not 32 bytes of base64url. */
export const PASSKEY_PRF_INVALID = 'Invalid passkey extension output';

/**
 * A session opened by a passkey that cannot unlock the author key (no PRF): what needs
 * the key answers 403 with these words and `unlockRequired: true`, and the web app asks
 * for the password once, saying why.
 */
export const UNLOCK_REQUIRED = 'Enter your password once to unlock your anonymous posts in this session';

export const passkeyNameSchema = z
  .string({ error: PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_TOO_LONG);

/** 32 bytes, base64url: what the PRF extension gives (never stored, never logged). */
const prfOutputSchema = z
  .string({ error: PASSKEY_PRF_INVALID })
  .regex(/^[A-Za-z0-9_-]{43}$/, PASSKEY_PRF_INVALID);

/** The browser's JSON of a WebAuthn response: checked by the WebAuthn library, only its shape here. */
const ceremonyResponseSchema = z.looseObject({
  id: z.string().max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
}, { error: PASSKEY_REFUSED });

/** POST /api/webauthn/registration: the new passkey's name, the authenticator's answer, its PRF output when it has one. */
export const passkeyRegistrationSchema = z.object({
  name: passkeyNameSchema,
  response: ceremonyResponseSchema,
  prfOutput: prfOutputSchema.optional(),
});
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationSchema>;

/** POST /api/webauthn/authentication (sign in) and POST /api/webauthn/passkeys/:id/prf. */
export const passkeyAssertionSchema = z.object({
  response: ceremonyResponseSchema,
  prfOutput: prfOutputSchema.optional(),
});

/** PATCH /api/webauthn/passkeys/:id and the rename form. */
export const passkeyRenameSchema = z.object({ name: passkeyNameSchema });

/** POST /api/webauthn/unlock and the password prompt. */
export const unlockSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX, 'Password is incorrect'),
});

/** One passkey, as its owner sees it. */
export const passkeySchema = z.object({
  id: z.int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Whether it opens the author key at sign-in (the authenticator had PRF). */
  unlocksAnonymousPosts: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** The answer of a sign-in with a passkey: whether the session still needs the password for the author key. */
export const passkeySignInSchema = z.object({ unlocked: z.boolean() });
