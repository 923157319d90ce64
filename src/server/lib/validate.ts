import type { z } from 'zod';
import { ValidationError } from './errors.js';

/**
 * Parses a request part with a shared schema. A failure becomes a 400 whose
 * `errors` maps each field to the first message the schema gives for it (the same
 * text the web form shows), and whose `message` is the first of those.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[field] ??= field === '_' ? 'Request body must be a JSON object' : issue.message;
  }
  const first = Object.values(errors)[0] ?? 'Invalid input';
  return invalid(first, errors);
}

function invalid(message: string, errors: Record<string, string>): never {
  throw new ValidationError(message, errors);
}
