// Error messages more than one module answers with: one wording, kept in one place, so
// no module imports another only for its text. Messages one module alone uses stay
// beside the code that throws them.

export const BOARD_NOT_FOUND = 'Board not found';
export const THREAD_NOT_FOUND = 'Thread not found';
export const POST_NOT_FOUND = 'Post not found';
export const USER_NOT_FOUND = 'User not found';
export const USERNAME_TAKEN = 'Username is already taken';
export const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_SUSPENDED = 'This account has been suspended';
/** A session whose author key no longer opens (docs/privacy.md): it is ended, and says so. */
export { SESSION_ENDED } from '../../shared/schemas/auth.js';
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable';
export const SERVER_BUSY = 'The server is busy, please try again';
