import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema, registerSchema } from './auth.js';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('register form schema', () => {
  it('asks to confirm the password', () => {
    const result = registerFormSchema.safeParse({ username: 'alice', password: 'pass1', confirmPassword: '' });
    expect(messages(result)).toEqual({ confirmPassword: 'Please confirm your password' });
  });

  it('says when the passwords do not match, on confirmPassword', () => {
    const result = registerFormSchema.safeParse({ username: 'alice', password: 'pass1', confirmPassword: 'pass2' });
    expect(messages(result)).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('accepts a matching form and drops a blank e-mail', () => {
    const result = registerFormSchema.safeParse({ username: 'alice', password: 'pass1', confirmPassword: 'pass1', email: '' });
    expect(result.success && result.data.email).toBe(null);
  });
});

describe('register schema', () => {
  it.each([
    [{ username: 'ab', password: 'pass' }, 'username', 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21), password: 'pass' }, 'username', 'Username must be no more than 20 characters'],
    [{ username: 'bad name!', password: 'pass' }, 'username', 'Username can only contain letters, numbers, and underscores'],
    [{ username: 'alice', password: 'abc' }, 'password', 'Password must be at least 4 characters'],
    [{ username: 'alice', password: 'abcd', email: 'nope' }, 'email', 'Invalid email'],
  ])('%j -> %s: %s', (input, field, message) => {
    expect(messages(registerSchema.safeParse(input))[field]).toBe(message);
  });

  it('keeps the boundaries inclusive: 3 and 20 characters, 4-character password', () => {
    expect(registerSchema.safeParse({ username: 'abc', password: 'abcd' }).success).toBe(true);
    expect(registerSchema.safeParse({ username: 'a'.repeat(20), password: 'abcd' }).success).toBe(true);
  });
});

describe('login schema', () => {
  it('requires both fields with the spec messages', () => {
    expect(messages(loginSchema.safeParse({}))).toEqual({ username: 'Username is required', password: 'Password is required' });
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});
