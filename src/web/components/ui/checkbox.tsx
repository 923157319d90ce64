import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A native checkbox tinted with the theme's primary colour. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn('peer size-4 shrink-0 rounded-sm accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50', className)}
      {...props}
    />
  );
}
