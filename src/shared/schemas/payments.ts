import { z } from 'zod';
import { TX_HASH_MAX, TX_HASH_MIN } from '../constants.js';

/**
 * A positive decimal amount as a string of at most 8 decimals (numeric(18, 8)); a JSON
 * number is read as its decimal text. The messages are the tip form's (SPEC.md section 5).
 */
export const amountField = z.preprocess(
  (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : value),
  z
    .string({ error: 'Amount is required' })
    .min(1, 'Amount is required')
    // A negative number is a number: it gets the 'greater than 0' message, not 'valid number'.
    .regex(/^-?\d+(\.\d+)?$/, 'Amount must be a valid number')
    .refine((value) => !value.startsWith('-') && /[1-9]/.test(value), 'Amount must be greater than 0')
    .refine((value) => /^-?\d{1,10}(\.\d{1,8})?$/.test(value), 'Amount must have at most 10 digits before and 8 after the point'),
);

/** A transaction hash, 10 to 128 characters, compared in lower case. */
export const txHashField = z
  .string({ error: 'Transaction hash is required' })
  .trim()
  .min(TX_HASH_MIN, 'Transaction hash must be at least 10 characters')
  .max(TX_HASH_MAX, 'Transaction hash is too long')
  .transform((hash) => hash.toLowerCase());

/** A currency code: 'Currency is required' when missing or shorter than 2 characters. */
export const currencyField = <const T extends readonly [string, ...string[]]>(allowed: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: 'Currency is required' })
      .min(2, 'Currency is required')
      .pipe(z.enum(allowed, { error: `Currency must be ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}` })),
  );
