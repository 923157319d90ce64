import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants.js';

/** A string field whose absence reads as "required" rather than zod's type message. */
const requiredString = (requiredMessage: string) =>
  z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Invalid input'),
  });

/** The username rule of SPEC.md section 5, shared by registration and profile edit. */
export const usernameSchema = requiredString('Username is required')
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(USERNAME_MAX, 'Username must be no more than 20 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores');

export const passwordSchema = requiredString('Password is required')
  .min(PASSWORD_MIN, 'Password must be at least 4 characters')
  .max(PASSWORD_MAX, 'Password must be no more than 256 characters');

/** Optional e-mail: absent, null or blank all mean "none given"; stored lower-case. */
export const emailSchema = z
  .string({ error: 'Invalid email' })
  .trim()
  .max(EMAIL_MAX, 'Invalid email')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Invalid email')
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** POST /api/register body. */
export const registerSchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The register form: the request plus confirmPassword, which only the form checks. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: requiredString('Please confirm your password').min(1, 'Please confirm your password'),
  })
  // An empty confirmation already says 'Please confirm your password'; one message is enough.
  .refine((form) => !form.confirmPassword || form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** POST /api/login body and the login form. */
export const loginSchema = z.object({
  username: requiredString('Username is required').trim().min(1, 'Username is required'),
  password: requiredString('Password is required').min(1, 'Password is required').max(PASSWORD_MAX, 'Invalid username or password'),
  /**
   * The second-factor step (CONTRACT.md section 15): a current authenticator code or an
   * unused recovery code, for an account with two-factor sign-in on. Blank is none.
   */
  code: z
    .string({ error: 'Invalid code' })
    .trim()
    .max(64, 'Invalid code')
    .nullish()
    .transform((value) => value || undefined),
});
export type LoginInput = z.input<typeof loginSchema>;

/** DELETE /api/user's answer to a wrong password, on the password field. */
export const PASSWORD_INCORRECT = 'Password is incorrect';
/**
 * A session whose author key no longer opens (CONTRACT.md section 13): the server ends it
 * and answers 401 with these words; the web app signs the user out and shows them.
 */
export const SESSION_ENDED = 'Your session has ended: please sign in again';

/** DELETE /api/user body (CONTRACT.md section 11): the account's password. */
export const deleteAccountSchema = z.object({
  password: requiredString('Password is required').min(1, 'Password is required').max(PASSWORD_MAX, PASSWORD_INCORRECT),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

const CONFIRM_USERNAME = 'Type your username to confirm';

/** The delete-account form: the request plus the username typed out, which only the form checks. */
export const deleteAccountFormSchema = (username: string) =>
  deleteAccountSchema.extend({
    confirmation: z.string().refine((typed) => typed === username, CONFIRM_USERNAME),
  });
