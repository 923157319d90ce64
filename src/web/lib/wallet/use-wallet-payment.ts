import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { PaymentNetwork } from '../../../shared/api.js';
import { ApiError } from '../api-client';
import { linkedWalletsQueryOptions, linkWallet, paymentsConfigQueryOptions, requestWalletChallenge } from './api';
import { connectWallet } from './use-wallet';
import { walletKeys } from './keys';

/** Where a wallet payment is (SPEC.md section 4, purchase flow and tip transaction). */
export type PaymentStep = 'idle' | 'connecting' | 'linking' | 'sending' | 'confirming' | 'recording' | 'success' | 'error';

export interface PaymentRequest<T> {
  currency: PaymentNetwork['currency'];
  /** Decimal string in the currency's units. */
  amount: string;
  to: string;
  /** Wait for the server's required confirmations before recording (purchases); tips record at once. */
  waitForConfirmations: boolean;
  /**
   * Tells the server about the payment; its answer is the payment's result. `paid` is
   * what was sent: the amount asked for, or the one of an earlier unrecorded payment.
   */
  record: (txHash: `0x${string}`, paid: { amount: string }) => Promise<T>;
}

export type PaymentOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown; failedAt: PaymentStep };

const storageKey = (resumeKey: string) => `hushboard:unfinished-payment:${resumeKey}`;

interface UnfinishedPayment {
  txHash: `0x${string}`;
  amount: string;
}

function readUnfinished(resumeKey: string): UnfinishedPayment | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(storageKey(resumeKey)) ?? 'null') as Partial<UnfinishedPayment> | null;
    if (!value || typeof value.txHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(value.txHash) || typeof value.amount !== 'string') return null;
    return { txHash: value.txHash as `0x${string}`, amount: value.amount };
  } catch {
    return null;
  }
}

function writeUnfinished(resumeKey: string, payment: UnfinishedPayment | null): void {
  try {
    if (payment) window.localStorage.setItem(storageKey(resumeKey), JSON.stringify(payment));
    else window.localStorage.removeItem(storageKey(resumeKey));
  } catch {
    // Private mode without storage: the hash is still kept in memory for this page.
  }
}

/** A failure worth recording again with the same hash: the server or the network, not the payment. */
export const isRetryable = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/**
 * Signs the server's one-time link message when this address is not yet linked to the
 * account (CONTRACT.md section 7), so the payment it sends counts for this user.
 */
async function ensureLinked(queryClient: QueryClient, account: `0x${string}`, onSigning: () => void): Promise<void> {
  const links = await queryClient.fetchQuery({ ...linkedWalletsQueryOptions(), staleTime: 0 });
  if (links.some((link) => link.address.toLowerCase() === account.toLowerCase())) return;
  onSigning();
  const { message } = await requestWalletChallenge(account);
  const { signMessage } = await import('./chain-actions');
  const signature = await signMessage(account, message);
  await linkWallet(message, signature);
  await queryClient.invalidateQueries({ queryKey: walletKeys.linked() });
}

/**
 * One wallet payment from click to record: connect, link the address if needed, switch
 * chain, send, wait for confirmations, record with the server. A second call while one
 * runs does nothing, so a double click never sends two transactions; a payment sent but
 * not recorded is recorded (not paid again) on the next call.
 *
 * `resumeKey` names what is being paid for: a payment sent but not recorded is kept in
 * localStorage under it, so even a reload cannot make the user pay twice.
 */
export function useWalletPayment<T>(resumeKey: string) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<PaymentStep>('idle');
  const [error, setError] = useState<unknown>(null);
  const [unfinished, setUnfinished] = useState(() => readUnfinished(resumeKey));
  const running = useRef(false);

  const remember = useCallback(
    (payment: UnfinishedPayment | null) => {
      writeUnfinished(resumeKey, payment);
      setUnfinished(payment);
    },
    [resumeKey],
  );

  const pay = useCallback(
    async (request: PaymentRequest<T>): Promise<PaymentOutcome<T> | null> => {
      if (running.current) return null;
      running.current = true;
      setError(null);
      let current: PaymentStep = 'connecting';
      const enter = (next: PaymentStep) => {
        current = next;
        setStep(next);
      };
      try {
        let paid = readUnfinished(resumeKey);
        if (!paid) {
          enter('connecting');
          const account = await connectWallet();
          const config = await queryClient.fetchQuery(paymentsConfigQueryOptions());
          const network = config.networks.find((candidate) => candidate.currency === request.currency);
          if (!network) throw new Error(`${request.currency} payments are not available on this server`);
          await ensureLinked(queryClient, account, () => enter('linking'));
          enter('sending');
          const actions = await import('./chain-actions');
          const txHash = await actions.sendPayment({ from: account, to: request.to, amount: request.amount, network });
          paid = { txHash, amount: request.amount };
          remember(paid);
          if (request.waitForConfirmations) {
            enter('confirming');
            await actions.waitForConfirmations(txHash, config.confirmations);
          }
        }
        enter('recording');
        try {
          const value = await request.record(paid.txHash, { amount: paid.amount });
          remember(null);
          enter('success');
          return { ok: true, value };
        } catch (recordError) {
          if (!isRetryable(recordError)) remember(null);
          throw recordError;
        }
      } catch (failure) {
        setError(failure);
        setStep('error');
        return { ok: false, error: failure, failedAt: current };
      } finally {
        running.current = false;
      }
    },
    [queryClient, remember, resumeKey],
  );

  const reset = useCallback(() => {
    setStep('idle');
    setError(null);
  }, []);

  const busy = step !== 'idle' && step !== 'success' && step !== 'error';
  return { pay, step, error, busy, unfinishedHash: unfinished?.txHash ?? null, reset };
}
