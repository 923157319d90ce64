import { Coins } from 'lucide-react';
import { useState } from 'react';
import type { Tip } from '../../../../shared/api.js';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { TimeAgo } from '../../../lib/format';
import { cn } from '../../../lib/utils';
import { ExplorerLink } from './ExplorerLink';
import { formatAmount } from '../../../lib/money';
import { formatUsdTotal } from '../money';
import { TipStatusBadge } from './TipStatusBadge';

/** Tips listed before 'Show N more' (SPEC.md section 9, the card's `limit`). */
const FIRST_TIPS = 3;

interface TipSummaryCardProps {
  /** What the tips went to, for assistive technology: 'Tips on this thread'. */
  label: string;
  tips: Tip[] | undefined;
  loading: boolean;
  failed: boolean;
  className?: string;
}

/**
 * The tips summary of a thread or post (SPEC.md sections 2 and 9): USD estimate of the
 * confirmed tips, counts per currency and per status, the first tips with their
 * explorer links, and a 'Show N more' toggle.
 */
export function TipSummaryCard({ label, tips, loading, failed, className }: TipSummaryCardProps) {
  const [expanded, setExpanded] = useState(false);
  const frame = cn('grid gap-3 rounded-lg border bg-muted/30 p-3 text-sm', className);

  if (loading) return <Skeleton className={cn('h-16 rounded-lg', className)} />;
  if (failed || !tips) {
    return (
      <p role="alert" className={cn(frame, 'text-destructive')}>
        Failed to load tips
      </p>
    );
  }
  if (tips.length === 0) {
    return (
      <section aria-label={label} className={cn(frame, 'flex items-center gap-2 text-muted-foreground')}>
        <Coins className="size-4" aria-hidden="true" />
        No tips yet
      </section>
    );
  }

  const perCurrency = new Map<string, number>();
  for (const tip of tips) perCurrency.set(tip.currency, (perCurrency.get(tip.currency) ?? 0) + 1);
  const confirmed = tips.filter((tip) => tip.status === 'confirmed').length;
  const pending = tips.filter((tip) => tip.status === 'pending').length;
  const shown = expanded ? tips : tips.slice(0, FIRST_TIPS);
  const hidden = tips.length - FIRST_TIPS;

  return (
    <section aria-label={label} className={frame} data-testid="tips-summary">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="flex items-center gap-2 font-medium">
          <Coins className="size-4 text-primary" aria-hidden="true" />
          <span>
            {tips.length} {tips.length === 1 ? 'tip' : 'tips'}
            <span className="text-muted-foreground"> · </span>
            <span className="tabular-nums" title="Estimated USD value of the confirmed tips">
              {formatUsdTotal(tips)}
            </span>
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          {confirmed} confirmed · {pending} pending
        </p>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Tips per currency">
        {[...perCurrency].map(([currency, count]) => (
          <li key={currency} className="rounded-md border bg-background px-2 py-0.5 text-xs">
            <span className="font-medium">{currency}</span> × {count}
          </li>
        ))}
      </ul>
      <ul className="grid gap-1.5" aria-label="Tips">
        {shown.map((tip) => (
          <li key={tip.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="font-mono text-xs">{formatAmount(tip.amount, tip.currency)}</span>
            <TipStatusBadge status={tip.status} />
            <span className="text-xs text-muted-foreground"><TimeAgo iso={tip.createdAt} /></span>
            <ExplorerLink currency={tip.currency} txHash={tip.txHash} className="ml-auto text-xs" />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <Button variant="ghost" size="sm" className="w-fit" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : `Show ${hidden} more`}
        </Button>
      )}
    </section>
  );
}
