import { pollUntil } from './processes.js';

/**
 * Reads until what it read passes `done` (truthy, by default), and answers it: for state
 * that another connection's NOTIFY changes a few milliseconds later. Throws, naming `what`,
 * after `ms`.
 */
export async function until<T>(read: () => T | Promise<T>, what: string, done: (value: T) => boolean = Boolean, ms = 10_000): Promise<T> {
  let value: T | undefined;
  await pollUntil(
    async () => done((value = await read())),
    ms,
    () => `timed out waiting for ${what}`,
    20,
  );
  return value as T;
}
