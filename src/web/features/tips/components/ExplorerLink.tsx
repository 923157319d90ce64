import { ExternalLink } from 'lucide-react';
import { cn } from '../../../lib/utils';
import { explorerUrl } from '../../../lib/money';

/** 'View': a transaction on its currency's block explorer, in a new tab. */
export function ExplorerLink({ currency, txHash, className }: { currency: string; txHash: string; className?: string }) {
  return (
    <a
      href={explorerUrl(currency, txHash)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`View transaction ${txHash.slice(0, 10)} on the block explorer (opens in a new tab)`}
      className={cn('inline-flex items-center gap-1 font-medium text-primary hover:underline', className)}
    >
      View
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}
