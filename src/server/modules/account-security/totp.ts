import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from '../../../shared/constants.js';
import { openUnderSecret, sealUnderSecret } from '../../lib/author-key.js';

/** RFC 6238's recommended secret length for SHA-1 codes (what every authenticator app takes). */
const SECRET_BYTES = 20;
const ISSUER = 'Hushboard';

/** The row binds its sealed secret to its account: moved to another account's row, it does not open. */
const contextOf = (userId: number) => `totp-secret:${userId}`;

const totpOf = (secret: Secret, label = 'account') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret });

/** A new secret: sealed for the row, and as the authenticator app takes it (base32, and the otpauth:// URL of the QR code). */
export function newTotpSecret(userId: number, username: string, appSecret: string) {
  const secret = new Secret({ size: SECRET_BYTES });
  return {
    sealed: sealUnderSecret(Buffer.from(secret.bytes), appSecret, contextOf(userId)),
    secret: secret.base32,
    otpauthUrl: totpOf(secret, username).toString(),
  };
}

/**
 * The 30-second step a typed code is right for (now, or one step either side), or null.
 * The caller refuses a step not after the account's last accepted one (no replay).
 */
export function stepOfCode(sealed: string, userId: number, appSecret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const bytes = openUnderSecret(sealed, appSecret, contextOf(userId), SECRET_BYTES);
  if (!bytes) return null;
  const totp = totpOf(new Secret({ buffer: new Uint8Array(bytes).buffer }));
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}

/** Whether a typed code looks like an authenticator's (six digits) rather than a recovery code. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
