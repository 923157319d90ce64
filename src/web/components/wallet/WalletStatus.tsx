import { CircleAlert, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';
import { toast } from '../ui/use-toast';
import { shortAddress } from '../../lib/money';
import { useWallet } from '../../lib/wallet/use-wallet';
import { WALLET_MESSAGES, WalletError } from '../../lib/wallet/wallet-errors';

/**
 * The wallet as a payment dialog shows it: 'Wallet Required' when there is none, a
 * Connect Wallet button, or the connected address (which follows account changes).
 * `purpose` completes the install hint: 'to use direct tipping', 'to make crypto payments'.
 */
export function WalletStatus({ purpose }: { purpose: string }) {
  const { wallet, connect } = useWallet();
  const [connecting, setConnecting] = useState(false);

  if (wallet.status === 'unavailable') {
    return (
      <Alert variant="warning">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>Wallet Required</AlertTitle>
        <AlertDescription>
          {WALLET_MESSAGES.noWallet} (such as MetaMask) {purpose}.
        </AlertDescription>
      </Alert>
    );
  }

  if (wallet.status === 'connected') {
    return (
      <p className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
        <span className="size-2 rounded-full bg-success" aria-hidden="true" />
        Wallet connected: <span className="font-mono" title={wallet.account}>{shortAddress(wallet.account)}</span>
      </p>
    );
  }

  const onConnect = async () => {
    setConnecting(true);
    try {
      await connect();
      toast({ title: 'Wallet Connected' });
    } catch (error) {
      toastWalletError(error, purpose);
    } finally {
      setConnecting(false);
    }
  };
  return (
    <Button type="button" variant="outline" onClick={() => void onConnect()} disabled={connecting}>
      <Wallet aria-hidden="true" />
      {connecting ? 'Connecting...' : 'Connect Wallet'}
    </Button>
  );
}

/** The toast SPEC.md section 8 gives each wallet failure; false when the error is not the wallet's. */
export function toastWalletError(error: unknown, purpose: string): boolean {
  if (!(error instanceof WalletError)) return false;
  switch (error.kind) {
    case 'no-wallet':
      toast({ variant: 'destructive', title: 'Wallet extension not found', description: `Please install the wallet extension ${purpose}` });
      return true;
    case 'no-accounts':
      toast({ variant: 'destructive', title: 'Connection Failed', description: WALLET_MESSAGES.noAccounts });
      return true;
    case 'connect-failed':
      toast({ variant: 'destructive', title: 'Connection Failed', description: error.message === WALLET_MESSAGES.connectFailed ? error.message : `${WALLET_MESSAGES.connectFailed}: ${error.message}` });
      return true;
    case 'not-connected':
      toast({ variant: 'destructive', title: 'Wallet Not Connected', description: WALLET_MESSAGES.notConnected });
      return true;
    default:
      return false;
  }
}
