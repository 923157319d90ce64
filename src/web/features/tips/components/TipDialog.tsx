import { useEffect, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useRecipientAddress } from '../api/get-recipient-address';
import { DEFAULT_TIP_AMOUNT, tipAmountProblem } from '../tip-amount';
import { tipTargetLabel, type TipTarget } from '../tip-target';
import { useSendTip } from '../use-send-tip';
import { DirectTipPanel } from './DirectTipPanel';
import { QrTipPanel } from './QrTipPanel';
import { RecipientLine } from './RecipientLine';

/** The dialog closes this long after a successful tip (SPEC.md section 9). */
const CLOSE_AFTER_SUCCESS_MS = 3000;

interface TipDialogProps {
  target: TipTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Send a Tip' with the tabs 'Direct Tip' (pay from the browser wallet) and 'QR Code'
 * (pay from a phone wallet). Loaded lazily: it brings the wallet code and the QR encoder.
 */
export default function TipDialog({ target, open, onOpenChange }: TipDialogProps) {
  const [amount, setAmount] = useState(DEFAULT_TIP_AMOUNT);
  const recipient = useRecipientAddress(target, open);
  const tip = useSendTip(target);
  const { reset } = tip;
  const succeeded = tip.step === 'success' && tip.sent !== null;

  useEffect(() => {
    if (!succeeded) return;
    const timer = window.setTimeout(() => {
      onOpenChange(false);
      reset();
    }, CLOSE_AFTER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [succeeded, onOpenChange, reset]);

  const changeOpen = (next: boolean) => {
    onOpenChange(next);
    // A payment under way keeps going (and is shown again on reopening); anything finished is cleared.
    if (!next && !tip.busy) {
      reset();
      setAmountError(null);
    }
  };

  const address = recipient.data ?? null;
  const [amountError, setAmountError] = useState<string | null>(null);
  const onSend = () => {
    const problem = tipAmountProblem(amount);
    setAmountError(problem);
    if (problem || !address) return;
    void tip.send(amount.trim(), address);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Send a Tip</DialogTitle>
          <DialogDescription>Send ETH straight to the author of {tipTargetLabel(target)}. The tip goes from your wallet to theirs.</DialogDescription>
        </DialogHeader>
        <RecipientLine loading={recipient.isPending} failed={recipient.isError} address={address} />
        <FormField
          id="tip-amount"
          label="Amount (ETH)"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          disabled={tip.busy || succeeded}
          error={amountError ?? undefined}
        />
        <p className="-mt-2 text-xs text-muted-foreground">
          Direct tips are ETH only.
        </p>
        <Tabs defaultValue="direct" className="min-w-0">
          <TabsList className="w-full">
            <TabsTrigger value="direct">Direct Tip</TabsTrigger>
            <TabsTrigger value="qr">QR Code</TabsTrigger>
          </TabsList>
          <TabsContent value="direct" className="pt-2">
            <DirectTipPanel tip={tip} canSend={Boolean(address)} onSend={onSend} />
          </TabsContent>
          <TabsContent value="qr" className="pt-2">
            <QrTipPanel amount={amount} address={address} addressLoading={recipient.isPending} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
