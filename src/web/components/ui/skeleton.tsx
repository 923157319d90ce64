import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-accent', className)} {...props} />;
}

/** A list still loading: a few grey rows, announced as busy under `label` ("Loading tips"). */
export function LoadingRows({ label, rows = 2, rowClassName = 'h-10', className }: { label: string; rows?: number; rowClassName?: string; className?: string }) {
  return (
    <div className={cn('grid gap-2', className)} aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={rowClassName} />
      ))}
    </div>
  );
}
