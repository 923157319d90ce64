import { ApiError } from '../../lib/api-client';
import { isRetryable } from '../../lib/wallet/use-wallet-payment';
import { WalletError } from '../../lib/wallet/wallet-errors';

/** What went wrong in words for a failure toast: the server's or the wallet's message, else the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  if (error instanceof WalletError) return error.message;
  return fallback;
}

/**
 * Whether a payment that failed while being recorded can be recorded again: the hook
 * keeps the hash for server and network failures, not for a refusal (use-wallet-payment.ts).
 */
export const recordingCanBeRetried = (error: unknown, failedAt: string) =>
  failedAt === 'recording' && isRetryable(error);
