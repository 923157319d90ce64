import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { Tip } from '../../../shared/api.js';
import { toast } from '../../components/ui/use-toast';
import { toastWalletError } from '../../components/wallet/WalletStatus';
import { useWalletPayment } from '../../lib/wallet/use-wallet-payment';
import { createTip } from './api/create-tip';
import { tipResumeKey, type TipTarget } from './tip-target';
import { tipKeys } from './api/keys';

/** Completes the install hint of the wallet toasts (SPEC.md section 8). */
export const TIP_PURPOSE = 'to use direct tipping';

/**
 * Why the last attempt did not end in a recorded tip: the payment itself failed, or it was
 * sent but the server did not record it (the money has moved: never ask to pay again).
 */
export type TipFailure = { kind: 'failed'; reason: string } | { kind: 'unrecorded'; reason: string; txHash: string | null };

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Unknown error');

/** A direct ETH tip from click to recorded tip (SPEC.md section 4, tip transaction). */
export function useSendTip(target: TipTarget) {
  const queryClient = useQueryClient();
  const payment = useWalletPayment<Tip>(tipResumeKey(target));
  const [sent, setSent] = useState<Tip | null>(null);
  const [failure, setFailure] = useState<TipFailure | null>(null);
  const lastHash = useRef<string | null>(null);
  const { pay, reset: resetPayment } = payment;

  const send = useCallback(
    async (amount: string, recipientAddress: string) => {
      setFailure(null);
      const outcome = await pay({
        currency: 'ETH',
        amount,
        to: recipientAddress,
        waitForConfirmations: false,
        record: (txHash, paid) => {
          lastHash.current = txHash;
          const on = target.kind === 'post' ? { postId: target.postId } : { threadId: target.threadId };
          return createTip({ amount: paid.amount, currency: 'ETH', txHash, recipientAddress, ...on });
        },
      });
      if (!outcome) return; // already sending: a double click sends nothing more
      if (outcome.ok) {
        setSent(outcome.value);
        toast({ title: 'Tip Sent Successfully', description: `Your tip of ${outcome.value.amount} ETH is on its way.` });
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: tipKeys.thread(target.threadId) }),
          queryClient.invalidateQueries({ queryKey: tipKeys.sent() }),
        ]);
        return;
      }
      if (toastWalletError(outcome.error, TIP_PURPOSE)) return;
      if (outcome.failedAt === 'recording') {
        // SPEC.md only logs a failed save; here the tip would be lost, so it is said and retried.
        setFailure({ kind: 'unrecorded', reason: reasonOf(outcome.error), txHash: lastHash.current });
        toast({ variant: 'destructive', title: 'Tip not recorded', description: 'Your payment was sent, but the tip could not be recorded.' });
        return;
      }
      setFailure({ kind: 'failed', reason: reasonOf(outcome.error) });
      toast({ variant: 'destructive', title: 'Tip Failed', description: 'There was an error sending your tip' });
    },
    [pay, queryClient, target],
  );

  const reset = useCallback(() => {
    resetPayment();
    setSent(null);
    setFailure(null);
  }, [resetPayment]);

  return { send, reset, sent, failure, step: payment.step, busy: payment.busy, unfinishedHash: payment.unfinishedHash };
}
