import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../components/ui/use-toast';

const Toaster = lazy(async () => ({ default: (await import('../components/ui/toaster')).Toaster }));

/**
 * Radix's toast (5 KB gzip) loads with the first toast rather than with every page:
 * most visits show none. Once loaded it stays, so later toasts animate as usual.
 */
export function LazyToaster() {
  const [needed, setNeeded] = useState(false);
  const anyToast = useToasts().length > 0;
  if (anyToast && !needed) setNeeded(true);
  return needed || anyToast ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
