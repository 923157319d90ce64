import type { CurrentUser } from '../../../shared/api.js';
import type { Unauthorized } from '../api-client';

/**
 * The server's words for a session it has ended (`SESSION_ENDED` in
 * src/shared/schemas/auth.ts): its author key no longer opens (CONTRACT.md section 13),
 * for instance a session from before sealed authorship once the account signed in
 * elsewhere. The shell shows them when it signs the user out.
 */
export { SESSION_ENDED as SESSION_ENDED_MESSAGE } from '../../../shared/schemas/auth.js';
import { SESSION_ENDED as SESSION_ENDED_MESSAGE } from '../../../shared/schemas/auth.js';

/** Where a 401 answers the credentials sent, not the session (a wrong password). */
const CREDENTIAL_PATHS = new Set(['/api/login', '/api/register']);

/**
 * Whether this 401 means the signed-in user's session is over, given the current user
 * as the app knows it (`undefined` while still loading, `null` once signed out):
 * - the server says so: unless the app already knows it is signed out (said once);
 * - a plain 401 to something the user did (not a read), while the app holds a user, but
 *   for login and register: the server ends a session on the first request that finds
 *   its key unopenable, and when that request is a read that needs no user it is
 *   answered as a visitor's, so the user's next action meets only a plain 401. Reads
 *   are left out: one in flight while the app signs out on purpose (a deleted account)
 *   would say the session ended.
 */
export function sessionHasEnded({ method, path, message }: Unauthorized, current: CurrentUser | null | undefined): boolean {
  if (message === SESSION_ENDED_MESSAGE) return current !== null;
  return method !== 'GET' && current != null && !CREDENTIAL_PATHS.has(path);
}
