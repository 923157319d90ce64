import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEXT_HAS_NUL } from '../../shared/schemas/fields.js';
import { ValidationError } from '../lib/errors.js';

/**
 * THE RULE FOR TEXT THAT NO FORM SENDS (CONTRACT.md sections 2 and 9), for every
 * route, applied here and nowhere else, before any handler sees the request:
 *
 * - A NUL character (U+0000) anywhere in the body (JSON, text or a multipart field or
 *   file name), the query string or a path parameter, value or key, is refused: 400
 *   with `errors: { field: TEXT_HAS_NUL }` (the field's path, dotted when nested).
 *   PostgreSQL cannot store it, and no form ever sends it.
 * - A lone UTF-16 surrogate (JSON.parse makes one from a "\ud800" escape) is replaced
 *   by U+FFFD, as any malformed UTF-8 in a body already is, so what is stored, indexed
 *   and written into jsonb is well-formed text.
 *
 * Runs in preHandler, once the body (multipart included) has been read.
 */
export const textInputPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    const field = mendRequestText(request);
    done(field === undefined ? undefined : new ValidationError(TEXT_HAS_NUL, { [field]: TEXT_HAS_NUL }));
  });
});

/** Mends the request's text in place; the path of the first field holding a NUL, if one does. */
export function mendRequestText(request: FastifyRequest): string | undefined {
  const found = mendEach(request.params) ?? mendEach(request.query);
  if (found !== undefined) return found;
  // Most requests (every GET) have no body: nothing more to walk.
  if (request.body === undefined || request.body === null) return undefined;
  if (!isMultipart(request)) return mendText(request, 'body', '_');
  // Multipart fields arrive as parts: only a field's value and a file's name are text (the
  // part also links every other field and the file's stream).
  for (const [name, entry] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
    for (const part of Array.isArray(entry) ? entry : [entry]) {
      if (typeof part !== 'object' || part === null) continue;
      const problem = (part as { type?: unknown }).type === 'field' ? mendText(part, 'value', name) : mendText(part, 'filename', name);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

const isMultipart = (request: FastifyRequest): boolean =>
  // isMultipart is decorated only inside the multipart scope (plugins/multipart.ts).
  typeof (request as { isMultipart?: unknown }).isMultipart === 'function' && request.isMultipart();

function mendEach(container: unknown): string | undefined {
  if (typeof container !== 'object' || container === null) return undefined;
  for (const key of Object.keys(container)) {
    const problem = mendText(container, key, key);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

// String.prototype.isWellFormed and toWellFormed (Node 20) are in ES2024's lib, newer
// than the ES2023 this project compiles against.
type WellFormable = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Walks everything under `holder[key]` (strings, arrays, objects; not buffers), without
 * recursion so no nesting depth can overflow the stack: replaces lone surrogates in
 * place and answers the path of the first key or string holding a NUL.
 */
export function mendText(holder: object, key: string, path: string): string | undefined {
  const stack: [Record<string, unknown>, string, string][] = [[holder as Record<string, unknown>, key, path]];
  // Made on the first object met: a plain string field needs none.
  let seen: Set<object> | undefined;
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [parent, name, at] = next;
    if (name.includes('\0')) return at;
    const value = parent[name];
    if (typeof value === 'string') {
      if (value.includes('\0')) return at;
      if (!(value as WellFormable).isWellFormed()) parent[name] = (value as WellFormable).toWellFormed();
      continue;
    }
    if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) continue;
    seen ??= new Set<object>();
    if (seen.has(value)) continue;
    seen.add(value);
    const keys = Object.keys(value);
    // Pushed last first, so the first field in the document is reported first.
    for (let index = keys.length - 1; index >= 0; index--) {
      const child = keys[index]!;
      stack.push([value as Record<string, unknown>, child, at === '_' ? child : `${at}.${child}`]);
    }
  }
  return undefined;
}
