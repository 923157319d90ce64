import { CircleAlert, CircleCheck, ExternalLink, RotateCcw, Send } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { explorerUrl, shortAddress } from '../../../lib/money';
import { PaymentProgress } from '../../../components/wallet/PaymentProgress';
import { WalletStatus } from '../../../components/wallet/WalletStatus';
import { TIP_PURPOSE, type useSendTip } from '../use-send-tip';

interface DirectTipPanelProps {
  tip: ReturnType<typeof useSendTip>;
  /** False without a recipient address. */
  canSend: boolean;
  onSend: () => void;
}

/** The 'Direct Tip' tab: pay from the browser wallet, and what came of it. */
export function DirectTipPanel({ tip, canSend, onSend }: DirectTipPanelProps) {
  if (tip.step === 'success' && tip.sent) return <TipSent txHash={tip.sent.txHash} amount={tip.sent.amount} />;

  const unrecorded = tip.failure?.kind === 'unrecorded' ? tip.failure : null;
  const retryRecording = Boolean(tip.unfinishedHash);
  return (
    <div className="grid gap-3">
      <WalletStatus purpose={TIP_PURPOSE} />
      <PaymentProgress step={tip.step} />
      {tip.failure?.kind === 'failed' && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Transaction Failed</AlertTitle>
          <AlertDescription>{tip.failure.reason}</AlertDescription>
        </Alert>
      )}
      {unrecorded ? (
        <Alert variant="warning">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>Payment sent, tip not recorded</AlertTitle>
          <AlertDescription>
            Your payment was sent, but the tip could not be recorded: {unrecorded.reason}.{' '}
            {retryRecording ? 'Try again records this same payment; you will not pay twice.' : 'The server refused it, so it cannot be recorded.'}
            {unrecorded.txHash && <TransactionLink txHash={unrecorded.txHash} />}
          </AlertDescription>
        </Alert>
      ) : (
        retryRecording &&
        tip.step === 'idle' && (
          <Alert variant="warning">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>A sent tip is not recorded yet</AlertTitle>
            <AlertDescription>Sending records the tip you already paid; you will not pay again.</AlertDescription>
          </Alert>
        )
      )}
      <Button onClick={onSend} disabled={tip.busy || !canSend} className="w-full">
        {unrecorded && retryRecording ? <RotateCcw aria-hidden="true" /> : <Send aria-hidden="true" />}
        {tip.busy ? 'Sending...' : unrecorded && retryRecording ? 'Try again' : 'Send Tip'}
      </Button>
    </div>
  );
}

function TipSent({ txHash, amount }: { txHash: string; amount: string }) {
  return (
    <Alert className="border-success/40 bg-success/5">
      <CircleCheck aria-hidden="true" className="text-success" />
      <AlertTitle>Transaction Successful</AlertTitle>
      <AlertDescription>
        Your tip of {amount} ETH was sent and recorded.
        <TransactionLink txHash={txHash} />
      </AlertDescription>
    </Alert>
  );
}

function TransactionLink({ txHash }: { txHash: string }) {
  return (
    <a
      href={explorerUrl('ETH', txHash)}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-1 flex w-fit items-center gap-1 font-mono text-xs text-primary hover:underline"
      aria-label={`Transaction ${shortAddress(txHash)} on the block explorer (opens in a new tab)`}
    >
      Transaction {shortAddress(txHash)}
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}
