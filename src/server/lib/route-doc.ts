// How a module documents its HTTP routes for the OpenAPI document (modules/openapi).
// Each module lists its routes in a `docs.ts` and exports the list through its
// index.ts; app.ts hands every list to the openapi module. The entries only
// DOCUMENT: routes keep parsing with parseInput and answering through their
// serializers, so nothing here runs per request. openapi.test.ts fails when a
// registered route has no entry, or an entry no route.
import { z } from 'zod';

/** Who may call a route. */
export type Access =
  /** Anyone; a signed-in caller may see more (their votes, admin fields). */
  | 'visitor'
  /** A signed-in, active user: 401 without a session. */
  | 'user'
  /** The author of the target or an admin: 401 without a session, 403 for anyone else. */
  | 'author-or-admin'
  /** An admin: 401 without a session, 403 for other users. */
  | 'admin';

/** The error statuses of CONTRACT.md section 2, each answering `{message, errors?}` (428 adds `pow`, section 11). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 428 | 429 | 503;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDoc {
  method: Method;
  /** As registered with Fastify: `/api/threads/:id`. */
  path: string;
  summary: string;
  description?: string;
  /** Groups in the docs page; defaults to the module's. */
  tags: string[];
  access: Access;
  /** Path parameters; ids default to `idParam` for every `:name` not listed. */
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may also come as multipart/form-data with one `image` file. */
  multipart?: boolean;
  /**
   * The answers: a status and its body schema, `null` for an empty body (204), or
   * `{ type, schema? }` for a body that is not JSON.
   */
  responses: Partial<Record<200 | 201 | 204 | 304, z.ZodType | null | { type: string; description: string }>>;
  /**
   * Error statuses besides the ones derived from the rest (400 with input, 401/403
   * from access, 403 for the CSRF check on unsafe methods, 404 with an `:id`, 503 always).
   */
  errors?: ErrorStatus[];
  /** The caller's IP is checked against bans: a banned caller gets 403. */
  bannable?: boolean;
  /** A 409 whose body carries more than the error shape (an edit's `current`, CONTRACT.md section 14). */
  conflict?: { description: string; schema: z.ZodType };
}

/** A path id: a positive integer; anything else answers 404 (lib/params.ts). */
export const idParam = z.int().min(1).max(2_147_483_647);

/** What a module's docs.ts writes for a route: method and path are its key. */
export type RouteEntry = Omit<RouteDoc, 'method' | 'path' | 'tags'> & { tags?: string[] };

/**
 * The route list of one module from entries keyed like a routing table
 * (`'GET /api/threads/:id'`), each tagged with the module's tag unless it names its own.
 */
export function routeDocs(tag: string, entries: Record<`${Method} /${string}`, RouteEntry>): RouteDoc[] {
  return Object.entries(entries).map(([route, entry]) => {
    const [method, path] = route.split(' ') as [Method, string];
    return { method, path, ...entry, tags: entry.tags ?? [tag] };
  });
}
