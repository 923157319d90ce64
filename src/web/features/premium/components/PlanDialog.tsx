import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { MembershipPlans, MembershipPurchase, PaymentNetwork } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { copyText, formatDate } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { shortAddress } from '../../../lib/money';
import { PaymentProgress } from '../../../components/wallet/PaymentProgress';
import { toastWalletError, WalletStatus } from '../../../components/wallet/WalletStatus';
import { useWalletPayment } from '../../../lib/wallet/use-wallet-payment';
import { purchaseMembership } from '../api/purchase-membership';
import { ANNUAL_SAVING, membershipUntil, PLAN_NAMES, PLAN_PERIODS, type PlanId } from '../membership';
import { failureMessage, recordingCanBeRetried } from '../payment-failure';
import { formatUsd } from '../rates';

const PURPOSE = 'to make crypto payments';
type Currency = PaymentNetwork['currency'];

interface PlanDialogProps {
  /** The server's plans; the page opens the dialog only when they can be paid. */
  plans: MembershipPlans & { paymentAddress: string };
  initialPlan: PlanId;
  onOpenChange: (open: boolean) => void;
  /** Refreshes what a membership changes (the user, their profile); awaited before the dialog closes. */
  onPurchased: () => Promise<unknown>;
}

const currenciesOf = (prices: MembershipPlans['plans'][number]['prices']) => Object.keys(prices) as Currency[];

/** 'Get Premium' (SPEC.md section 2, plan dialog): plan, currency, amount and the wallet payment. Lazy-loaded by the page. */
export function PlanDialog({ plans, initialPlan, onOpenChange, onPurchased }: PlanDialogProps) {
  const currencyId = useId();
  const [planId, setPlanId] = useState<PlanId>(initialPlan);
  const plan = plans.plans.find((candidate) => candidate.id === planId) ?? plans.plans[0]!;
  const currencies = currenciesOf(plan.prices);
  const [chosenCurrency, setCurrency] = useState<Currency | undefined>(currencies[0]);
  const currency = chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : currencies[0];
  const price = currency ? plan.prices[currency] : undefined;
  // What the wallet sends and the server records: the plan price, rounded up to what the server stores.
  const amount = price;
  const payment = useWalletPayment<MembershipPurchase>(`membership:${plan.id}:${currency ?? ''}`);

  const copyAddress = async () => {
    if (await copyText(plans.paymentAddress)) toast({ title: 'Copied to clipboard' });
    else toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy the address to clipboard' });
  };

  const payNow = async () => {
    if (!currency || !amount) return;
    const outcome = await payment.pay({
      currency,
      amount,
      to: plans.paymentAddress,
      waitForConfirmations: true,
      record: (txHash, paid) => purchaseMembership({ txHash, duration: plan.id, currency, amount: paid.amount }),
    });
    if (!outcome) return;
    if (outcome.ok) {
      toast({ title: 'Premium membership purchased!', description: `You are a Premium Member until ${formatDate(outcome.value.membershipExpiresAt)}.` });
      await onPurchased();
      onOpenChange(false);
      return;
    }
    if (toastWalletError(outcome.error, PURPOSE)) return;
    const message = failureMessage(outcome.error, 'There was an error processing your payment');
    toast({
      variant: 'destructive',
      title: 'Payment Failed',
      description: recordingCanBeRetried(outcome.error, outcome.failedAt) ? `${message}. Your payment was sent: Pay Now again records it, you will not pay twice.` : message,
    });
  };

  return (
    // A payment under way cannot be dismissed: its result must still reach this dialog.
    <Dialog open onOpenChange={(open) => (open || !payment.busy) && onOpenChange(open)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Get Premium</DialogTitle>
          <DialogDescription>Pay once from your browser wallet; the membership starts as soon as the payment is confirmed.</DialogDescription>
        </DialogHeader>

        <div role="group" aria-label="Plan" className="grid grid-cols-2 gap-2">
          {plans.plans.map((candidate) => (
            <Button
              key={candidate.id}
              type="button"
              variant="outline"
              aria-pressed={candidate.id === plan.id}
              disabled={payment.busy}
              onClick={() => setPlanId(candidate.id)}
              className={cn('h-auto flex-col items-start gap-0.5 px-3 py-2 text-left whitespace-normal', candidate.id === plan.id && 'border-primary bg-primary/10 ring-1 ring-primary')}
            >
              <span className="flex w-full flex-wrap items-center justify-between gap-1 font-semibold">
                {PLAN_NAMES[candidate.id]}
                {candidate.id === 'annual' && <Badge variant="secondary">{ANNUAL_SAVING}</Badge>}
              </span>
              <span className="text-xs font-normal text-muted-foreground">
                {formatUsd(candidate.usd)}/{PLAN_PERIODS[candidate.id]}
              </span>
            </Button>
          ))}
        </div>

        <div className="grid gap-2">
          <Label htmlFor={currencyId}>Currency</Label>
          <NativeSelect id={currencyId} value={currency} disabled={payment.busy} onChange={(event) => setCurrency(event.target.value as Currency)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </div>

        <dl className="grid gap-3 rounded-lg border bg-muted/30 p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-muted-foreground">Amount to pay</dt>
            <dd className="text-right">
              <span className="font-mono text-base font-semibold break-all" data-testid="membership-amount">
                {amount} {currency}
              </span>
              <span className="block text-xs text-muted-foreground">
                {formatUsd(plan.usd)} USD
              </span>
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-x-3">
            <dt className="text-muted-foreground">Payment address</dt>
            <dd className="flex items-center gap-1">
              <span className="font-mono" title={plans.paymentAddress}>
                {shortAddress(plans.paymentAddress)}
              </span>
              <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => void copyAddress()}>
                <Copy aria-hidden="true" />
                <span className="sr-only">Copy payment address</span>
              </Button>
            </dd>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-muted-foreground">Membership until</dt>
            <dd className="font-medium">{formatDate(membershipUntil(plan.id).toISOString())}</dd>
          </div>
        </dl>

        <div className="grid gap-2">
          <WalletStatus purpose={PURPOSE} />
          <PaymentProgress step={payment.step} />
        </div>

        <DialogFooter>
          <Button type="button" variant="outline" disabled={payment.busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={payment.busy || !amount} onClick={() => void payNow()}>
            {payment.busy ? 'Processing...' : 'Pay Now'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
