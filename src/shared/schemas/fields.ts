import { z } from 'zod';

/**
 * Multipart forms send every field as text; JSON sends real types. These accept both,
 * so one schema serves the form, the JSON API and the multipart API.
 */
export const booleanField = (fallback: boolean) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || value === '') return fallback;
    if (value === 'true' || value === 'on' || value === '1') return true;
    if (value === 'false' || value === 'off' || value === '0') return false;
    return value;
  }, z.boolean({ error: 'Must be true or false' }));

/** The largest PostgreSQL integer: a bigger id would be a database error, not a 400. */
const ID_MAX = 2_147_483_647;

/** A positive integer id; `message` when it is missing or not an id. */
export const idField = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(ID_MAX, message),
  );

export const optionalIdField = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), idField(message).optional());

/**
 * The answer, on the field, for text holding a NUL character (U+0000): never typed in
 * a form, and PostgreSQL cannot store it. The server checks every field of every
 * request for it in one place (server/plugins/text-input.ts).
 */
export const TEXT_HAS_NUL = 'Text cannot contain null characters';
