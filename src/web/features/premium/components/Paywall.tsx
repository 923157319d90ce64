import { useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from '../../../app/router';
import type { CurrentUser, PremiumPurchase, ThreadDetail } from '../../../../shared/api.js';
import { DEFAULT_ACCESS_PRICE, PREMIUM_CURRENCIES } from '../../../../shared/constants.js';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { sharedKeys } from '../../../lib/query-keys';
import { formatAmount } from '../../../lib/money';
import { PaymentProgress } from '../../../components/wallet/PaymentProgress';
import { toastWalletError, WalletStatus } from '../../../components/wallet/WalletStatus';
import { useWalletPayment } from '../../../lib/wallet/use-wallet-payment';
import { getPaymentAddress } from '../api/get-payment-address';
import { purchaseAccess } from '../api/purchase-access';
import { failureMessage, recordingCanBeRetried } from '../payment-failure';
import { usdEstimate } from '../rates';

const PURPOSE = 'to make crypto payments';
type PremiumCurrency = (typeof PREMIUM_CURRENCIES)[number];
const isPremiumCurrency = (currency: string): currency is PremiumCurrency => (PREMIUM_CURRENCIES as readonly string[]).includes(currency);

/** A locked premium thread: its price and the purchase flow (SPEC.md section 4, purchase flow). */
export function Paywall({ thread, user }: { thread: ThreadDetail; user: CurrentUser | null }) {
  const queryClient = useQueryClient();
  const price = thread.accessPrice ?? DEFAULT_ACCESS_PRICE;
  const currency = thread.accessCurrency || 'ETH';
  const payment = useWalletPayment<PremiumPurchase>(`premium:${thread.id}`);
  const [fetchingAddress, setFetchingAddress] = useState(false);
  // The address is fetched before pay() starts; this keeps a double click from starting twice.
  const starting = useRef(false);
  const processing = fetchingAddress || payment.busy;
  const estimate = usdEstimate(price, currency);

  const purchase = async () => {
    if (!user) {
      toast({ variant: 'destructive', title: 'Authentication Required', description: 'Please log in to purchase premium content' });
      return;
    }
    if (starting.current || payment.busy || !isPremiumCurrency(currency)) return;
    starting.current = true;
    setFetchingAddress(true);
    let address: string;
    try {
      address = (await getPaymentAddress(thread.id)).address;
    } catch {
      toast({ variant: 'destructive', title: 'Failed to get payment address' });
      return;
    } finally {
      starting.current = false;
      setFetchingAddress(false);
    }

    const outcome = await payment.pay({
      currency,
      amount: price,
      to: address,
      waitForConfirmations: true,
      record: (txHash, paid) => purchaseAccess({ threadId: thread.id, amount: paid.amount, currency, txHash }),
    });
    if (!outcome) return;
    if (outcome.ok) {
      toast({ title: 'Premium Access Purchased', description: 'The premium content of this thread is now unlocked.' });
      await queryClient.invalidateQueries({ queryKey: sharedKeys.threadDetail(thread.id) });
      return;
    }
    if (toastWalletError(outcome.error, PURPOSE)) return;
    const message = failureMessage(outcome.error, 'Failed to purchase premium access');
    toast({
      variant: 'destructive',
      title: 'Purchase Failed',
      description: recordingCanBeRetried(outcome.error, outcome.failedAt)
        ? `${message}. Your payment was sent: try again to record it, you will not pay twice.`
        : message,
    });
  };

  return (
    <section aria-labelledby="premium-paywall-heading" className="grid gap-4 rounded-lg border border-primary/30 bg-primary/5 p-4 sm:p-5">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/10 text-primary">
          <Lock className="size-5" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h2 id="premium-paywall-heading" className="font-semibold">
            Premium Content
          </h2>
          <p className="text-sm text-muted-foreground">The author has locked part of this thread. Buy access once to read it.</p>
        </div>
      </div>

      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold tracking-tight" data-testid="premium-price">
          {formatAmount(price, currency)}
        </span>
        {estimate && <span className="text-sm text-muted-foreground">{estimate} USD</span>}
      </p>

      <div className="grid gap-2">
        <WalletStatus purpose={PURPOSE} />
        {payment.unfinishedHash && !processing && (
          <Alert>
            <AlertTitle>Payment sent, not yet recorded</AlertTitle>
            <AlertDescription>Your payment went through but could not be recorded. Purchase Access records it again; you will not pay twice.</AlertDescription>
          </Alert>
        )}
        <PaymentProgress step={payment.step} />
      </div>

      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <Button type="button" onClick={() => void purchase()} disabled={processing || !user} className="sm:w-fit">
          {processing ? 'Processing...' : 'Purchase Access'}
        </Button>
        {!user && (
          <Link to="/auth" className="text-sm font-medium text-primary underline underline-offset-4">
            Log in to purchase access
          </Link>
        )}
      </div>

      <p className="text-sm text-muted-foreground">
        or unlock every premium thread with a{' '}
        <Link to="/premium" className="font-medium text-primary underline underline-offset-4">
          premium membership
        </Link>
      </p>
    </section>
  );
}
