import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { shortAddress } from '../../../lib/money';

/**
 * Where the tip goes. Without an address nothing can be sent: SPEC.md falls back to the
 * all-zero address, which would burn the money (and the server refuses such tips).
 */
export function RecipientLine({ loading, failed, address }: { loading: boolean; failed: boolean; address: string | null }) {
  if (loading) return <Skeleton className="h-9" />;
  if (!address) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertTitle>No Recipient Address</AlertTitle>
        <AlertDescription>
          Recipient address is required.{' '}
          {failed ? 'The address could not be loaded; try again later.' : 'The author has not added an ETH address for tips.'}
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <span className="text-muted-foreground">Recipient</span>
      <span className="font-mono" title={address}>
        {shortAddress(address)}
      </span>
    </p>
  );
}
