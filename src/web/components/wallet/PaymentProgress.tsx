import { Spinner } from '../ui/spinner';
import type { PaymentStep } from '../../lib/wallet/use-wallet-payment';

const STEP_TEXT: Partial<Record<PaymentStep, string>> = {
  connecting: 'Waiting for your wallet...',
  linking:
    'Sign the message in your wallet. It links this address to your account, so the payment counts for you and nobody else can claim it. Signing costs nothing.',
  sending: 'Confirm the payment in your wallet...',
  confirming: 'Payment sent. Waiting for the network to confirm it...',
  recording: 'Recording your payment...',
};

/** Says what the payment is waiting for, announced to assistive technology as it changes. */
export function PaymentProgress({ step }: { step: PaymentStep }) {
  const text = STEP_TEXT[step];
  return (
    <div aria-live="polite" className="min-h-0 text-sm">
      {text && (
        <p className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 px-3 py-2" data-payment-step={step}>
          <Spinner className="mt-0.5 size-4 shrink-0" />
          <span>{text}</span>
        </p>
      )}
    </div>
  );
}
