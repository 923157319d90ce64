import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A spinning indicator; with a label it is announced as a status, without one it is decoration. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-muted-foreground', className)} />;
  if (!label) return icon;
  return (
    <span role="status" aria-label={label} className="inline-flex items-center justify-center">
      {icon}
    </span>
  );
}
