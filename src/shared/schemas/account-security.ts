import { z } from 'zod';
import { PASSWORD_MAX } from '../constants.js';
import { PASSWORD_INCORRECT, passwordSchema, usernameSchema } from './auth.js';

// The account's credentials (CONTRACT.md section 15): second factor, recovery codes,
// password change and recovery. One schema per request body and form, with its messages.

export const CODE_REQUIRED = 'Code is required';
/** A wrong second-factor or recovery code (CONTRACT.md section 15). */
export const INVALID_CODE = 'Invalid code';
export const TWO_FACTOR_REQUIRED = 'Two-factor code required';
export const CODE_ALREADY_USED = 'This code was already used: wait for the next one';
export const TOTP_ALREADY_ON = 'Two-factor sign-in is already on';
export const TOTP_NOT_ON = 'Two-factor sign-in is not on';
export const TOTP_NOT_STARTED = 'Start two-factor setup first';
export const TOTP_ENROLMENT_EXPIRED = 'Two-factor setup expired: please start again';
export const INVALID_RECOVERY = 'Invalid username or recovery code';
export const SESSION_NOT_FOUND = 'Session not found';
export const NEW_PASSWORD_SAME = 'The new password must differ from the current one';

const requiredText = (message: string, max: number, tooLong = message) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? message : 'Invalid input') }).trim().min(1, message).max(max, tooLong);

/** A typed code: six digits of the authenticator, or a recovery code (spaces and dashes allowed). */
export const codeSchema = requiredText(CODE_REQUIRED, 64, INVALID_CODE);

/** POST /api/user/totp/verify and DELETE /api/user/totp bodies. */
export const totpCodeSchema = z.object({ code: codeSchema });
export type TotpCodeInput = z.input<typeof totpCodeSchema>;

/** POST /api/user/recovery-codes body. */
export const regenerateRecoveryCodesSchema = z.object({
  password: requiredText('Password is required', PASSWORD_MAX, PASSWORD_INCORRECT),
});
export type RegenerateRecoveryCodesInput = z.input<typeof regenerateRecoveryCodesSchema>;

/** PUT /api/user/password body. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Current password is required' : 'Invalid input') })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX, PASSWORD_INCORRECT),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

const confirmation = z.string({ error: 'Please confirm your password' }).min(1, 'Please confirm your password');

/** The change-password form: the request plus the new password typed twice, which only the form checks. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: confirmation })
  .refine((form) => !form.confirmPassword || form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /api/recover body. */
export const recoverSchema = z.object({
  username: usernameSchema,
  recoveryCode: requiredText('Recovery code is required', 64, INVALID_RECOVERY),
  newPassword: passwordSchema,
});
export type RecoverInput = z.input<typeof recoverSchema>;

/** The recovery form: the request plus the new password typed twice. */
export const recoverFormSchema = recoverSchema
  .extend({ confirmPassword: confirmation })
  .refine((form) => !form.confirmPassword || form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: 'Passwords do not match' });
export type RecoverFormInput = z.input<typeof recoverFormSchema>;

// What the account-security routes answer (their OpenAPI schemas: server/modules/account-security/docs.ts).

/** POST /api/user/totp. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** POST /api/user/totp/verify and POST /api/user/recovery-codes: shown once, never again. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

/** GET /api/user/totp: whether the second factor is on, and how many recovery codes are left. */
export interface TwoFactorStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

/**
 * One of GET /api/user/sessions: `id` is the session's handle (random, unrelated to its
 * cookie); `lastUsedAt` is kept to the hour and moves at most once a day.
 */
export interface AccountSession {
  id: string;
  current: boolean;
  browser: string | null;
  createdAt: string;
  lastUsedAt: string;
}
