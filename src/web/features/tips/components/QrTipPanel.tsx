import { useQuery } from '@tanstack/react-query';
import { Check, CircleAlert, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { CURRENCY_DECIMALS } from '../../../../shared/constants.js';
import { parseAmount } from '../../../../shared/money.js';
import { copyText } from '../../../lib/format';
import { shortAddress } from '../../../lib/money';
import { paymentsConfigQueryOptions } from '../../../lib/wallet/api';
import { tipPaymentUri } from '../payment-uri';
import { tipAmountProblem } from '../tip-amount';
import { QrCode } from '../../../components/qr-code';

/** Side of the QR code in CSS pixels (SPEC.md section 9). */
const QR_SIZE = 200;
/** How long the copy button shows its tick. */
const COPIED_MS = 2000;

/** The 'QR Code' tab: the tip as a code any phone wallet can scan, and the address to copy. */
export function QrTipPanel({ amount, address, addressLoading }: { amount: string; address: string | null; addressLoading: boolean }) {
  const config = useQuery(paymentsConfigQueryOptions());
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (addressLoading) return <Skeleton className="mx-auto size-[200px]" />;
  if (!address) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>QR Code Not Available</AlertTitle>
        <AlertDescription>Recipient address is required.</AlertDescription>
      </Alert>
    );
  }

  const problem = tipAmountProblem(amount);
  const wei = problem ? null : parseAmount(amount, CURRENCY_DECIMALS.ETH);
  const chainId = config.data?.networks.find((network) => network.currency === 'ETH')?.chainId;
  const onCopy = async () => {
    if (await copyText(address)) {
      setCopied(true);
      toast({ title: 'Copied to clipboard' });
    } else {
      toast({ variant: 'destructive', title: 'Copy failed', description: 'Failed to copy the address to clipboard' });
    }
  };

  return (
    <div className="flex min-w-0 flex-col items-center gap-3 text-center">
      {wei === null ? (
        <p className="grid size-[200px] place-items-center rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          {problem ?? 'Amount must be a valid number'}
        </p>
      ) : (
        <div className="rounded-lg border bg-white p-2">
          <QrCode value={tipPaymentUri(address, wei, chainId)} size={QR_SIZE} label={`QR code for a tip of ${amount.trim()} ETH to ${shortAddress(address)}`} />
        </div>
      )}
      <p className="text-sm text-muted-foreground">Scan with a mobile wallet to send {wei === null ? 'the tip' : `${amount.trim()} ETH`}.</p>
      <div className="flex w-full items-center gap-2 rounded-md border bg-muted/40 py-1 pr-1 pl-3">
        <span className="min-w-0 flex-1 truncate text-left font-mono text-xs" title={address}>
          {address}
        </span>
        <Button variant="ghost" size="sm" onClick={() => void onCopy()} aria-label={copied ? 'Copied address' : 'Copy address'}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
