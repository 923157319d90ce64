// Typed errors thrown by services and routes; plugins/error-handler.ts turns each into
// the contract's status and {message, errors} body.
import type { BanNotice, PowChallenge } from '../../shared/api.js';
import { UNLOCK_REQUIRED } from '../../shared/schemas/webauthn.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, errors: Record<string, string> = {}) {
    super(400, message, errors);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Forbidden') {
    super(403, message);
  }
}

/** 403 for a banned client: the body carries the ban, so the web app can show its ban page. */
export class BannedError extends ForbiddenError {
  constructor(
    message: string,
    readonly ban: BanNotice,
  ) {
    super(message);
  }
}

/**
 * 403 for a session opened by a passkey that could not unlock the author key (no PRF),
 * on what needs it: the body says `unlockRequired: true`, and the web app asks for the
 * password once (POST /api/webauthn/unlock) and tries again.
 */
export class UnlockRequiredError extends ForbiddenError {
  constructor() {
    super(UNLOCK_REQUIRED);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 428 with the challenge to solve (CONTRACT.md section 11); the error handler adds `pow` to the body. */
export class PowRequiredError extends HttpError {
  constructor(readonly pow: PowChallenge) {
    super(428, 'Proof of work required');
  }
}

/** 429 with Retry-After (a per-account limit, plugins/account-limit.ts), worded as the per-address limits are. */
export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, `Too many requests, please try again in ${retryAfterSeconds} seconds`);
  }
}

/** 401 at a sign-in whose password was right but whose second-factor code is missing (CONTRACT.md section 15). */
export class TwoFactorRequiredError extends HttpError {
  constructor() {
    super(401, 'Two-factor code required');
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, message);
  }
}

/** PostgreSQL's unique_violation, for turning a lost race into a 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint: name } = pgError as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || name === constraint);
}
