// The one way the web app talks to the API (SPEC.md section 7, CONTRACT.md sections 2-3):
// same-origin credentials, the anti-forgery token echoed back on every mutation, and
// every non-2xx answer turned into an ApiError carrying the server's message.
import type { ApiErrorBody, BannedErrorBody, BanNotice } from '../../shared/api.js';
import { CSRF_BODY_FIELD, CSRF_HEADER } from '../../shared/constants.js';
import { POW_HEADER, retryWithProofOfWork } from './pow/index.js';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The server's `message`, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Field name -> message, for validation errors (400). */
  readonly errors: Record<string, string>;
  /** The whole error body, for answers that carry more than a message (a 409 edit's `current`). */
  readonly body: Partial<ApiErrorBody> | null;

  constructor(status: number, body: Partial<ApiErrorBody> | null, text: string) {
    // Without a server message, read "status: response text" (SPEC.md section 8).
    super(body?.message ?? `${status}: ${text}`);
    this.status = status;
    this.serverMessage = body?.message;
    this.errors = body?.errors ?? {};
    this.body = body;
  }
}

/** The server's message if it gave one, else the fallback (for error toasts). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * Who hears of a banned caller's 403 (CONTRACT.md section 11): the app shell, which
 * shows the ban page instead of the failing action's error toast. The call still fails.
 */
let bannedListener: ((ban: BanNotice) => void) | null = null;

export function onBanned(listener: ((ban: BanNotice) => void) | null): void {
  bannedListener = listener;
}

/**
 * Who hears of a 401 (CONTRACT.md section 13): the app shell, which signs the user out
 * when their session has ended (`lib/auth/session-ended.ts`). The call still fails.
 */
export interface Unauthorized {
  method: Method;
  /** The path asked, without its query string. */
  path: string;
  /** The server's message, if it gave one. */
  message: string | undefined;
}

let unauthorizedListener: ((unauthorized: Unauthorized) => void) | null = null;

export function onUnauthorized(listener: ((unauthorized: Unauthorized) => void) | null): void {
  unauthorizedListener = listener;
}

/**
 * Who answers a 403 `unlockRequired` (CONTRACT.md section 15): a session a passkey
 * without PRF opened has no author key until the password unlocks it. The listener asks
 * for the password and resolves true once unlocked; the call is then sent again, once.
 */
let unlockListener: (() => Promise<boolean>) | null = null;

export function onUnlockRequired(listener: (() => Promise<boolean>) | null): void {
  unlockListener = listener;
}

const isUnlockBody = (json: unknown) => typeof json === 'object' && json !== null && (json as { unlockRequired?: unknown }).unlockRequired === true;

const isBannedBody = (json: unknown): json is BannedErrorBody =>
  typeof json === 'object' && json !== null && typeof (json as { ban?: unknown }).ban === 'object' && (json as { ban?: unknown }).ban !== null;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Body = Record<string, unknown> | FormData;
type Query = Record<string, string | number | boolean | null | undefined>;

/** The latest token the server sent; every response carries a fresh one. */
let csrfToken: string | null = null;
let pendingTokenFetch: Promise<void> | null = null;

/** A token the page came with (a server-rendered page's state), until a response brings a newer one. */
export function rememberCsrfToken(token: string): void {
  csrfToken ??= token;
}

function rememberToken(response: Response): void {
  const token = response.headers.get(CSRF_HEADER);
  if (token) csrfToken = token;
}

/** A mutation needs a token; before any response has arrived, ask for one (a 401 still carries it). */
async function ensureToken(): Promise<string | null> {
  if (!csrfToken) {
    pendingTokenFetch ??= fetch('/api/user', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(rememberToken)
      .finally(() => {
        pendingTokenFetch = null;
      });
    await pendingTokenFetch;
  }
  return csrfToken;
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<{ json: unknown; text: string }> {
  const text = await response.text();
  if (!text) return { json: null, text: response.statusText };
  try {
    return { json: JSON.parse(text) as unknown, text };
  } catch {
    return { json: null, text };
  }
}

async function request<T>(method: Method, path: string, body?: Body, query?: Query): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  let payload: BodyInit | undefined;

  if (method !== 'GET') {
    const token = await ensureToken();
    if (token) headers.set(CSRF_HEADER, token);
    if (body instanceof FormData) {
      if (token) body.set(CSRF_BODY_FIELD, token);
      payload = body;
    } else if (body) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(token ? { ...body, [CSRF_BODY_FIELD]: token } : body);
    }
  }

  const send = async () => {
    const sent = await fetch(withQuery(path, query), { method, headers, body: payload, credentials: 'same-origin' });
    rememberToken(sent);
    return sent;
  };
  // A 428 asks for proof of work first (CONTRACT.md section 11): solved, then sent once more.
  const sendWithWork = async () =>
    retryWithProofOfWork(await send(), (solution) => {
      headers.set(POW_HEADER, solution);
      return send();
    });
  let response = await sendWithWork();
  // The author key asked for: unlocked with the password, then sent once more.
  if (response.status === 403 && unlockListener && isUnlockBody((await readBody(response.clone())).json) && (await unlockListener())) {
    headers.delete(POW_HEADER);
    response = await sendWithWork();
  }

  if (response.status === 204) return undefined as T;
  const { json, text } = await readBody(response);
  if (!response.ok) {
    if (response.status === 403 && isBannedBody(json)) bannedListener?.(json.ban);
    const errorBody = json && typeof json === 'object' ? (json as Partial<ApiErrorBody>) : null;
    if (response.status === 401) unauthorizedListener?.({ method, path: path.split('?')[0] ?? path, message: typeof errorBody?.message === 'string' ? errorBody.message : undefined });
    throw new ApiError(response.status, errorBody, text);
  }
  return json as T;
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: Body) => request<T>('DELETE', path, body),
};
