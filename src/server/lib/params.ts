import { NotFoundError } from './errors.js';

/** A path id: a positive integer that fits PostgreSQL's integer, else the resource is not found. */
export function parseId(value: unknown, notFoundMessage: string): number {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new NotFoundError(notFoundMessage);
  return id;
}
