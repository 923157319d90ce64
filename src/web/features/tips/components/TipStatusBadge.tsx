import type { TipStatus } from '../../../../shared/api.js';
import { Badge } from '../../../components/ui/badge';

/** Tip status colours (SPEC.md section 4): confirmed success, pending warning with a pulsing dot, failed destructive. */
export function TipStatusBadge({ status }: { status: TipStatus | string }) {
  if (status === 'confirmed') return <Badge variant="success">Confirmed</Badge>;
  if (status === 'failed') return <Badge variant="destructive">Failed</Badge>;
  if (status === 'pending') {
    return (
      <Badge variant="warning">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-current" />
        Pending
      </Badge>
    );
  }
  return <Badge>{status}</Badge>;
}
