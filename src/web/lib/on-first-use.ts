import { useState, type ComponentType } from 'react';
import { toast } from '../components/ui/use-toast';

/**
 * A menu or dialog whose code loads, and which mounts, on first use. Until then its
 * trigger is a plain button. A closed Radix menu still renders its providers, popper
 * and collection on every page, and Radix with floating-ui was a third of the entry
 * chunk every page waited for (docs/web-bundle.md). Hovering or focusing the trigger
 * starts the load, so a click rarely waits for it; a failed load is retried on the
 * next use.
 */
export function onFirstUse<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));

  /**
   * The part once used (undefined before), and the props that make a plain button its
   * trigger until then (none after: Radix's trigger takes over the same button). The
   * part is mounted open, and stays mounted, like any Radix part.
   */
  function usePart(): [ComponentType<Props> | undefined, TriggerProps | Record<string, never>] {
    const [part, setPart] = useState<{ component: ComponentType<Props> }>();
    const use = () => {
      if (loaded) {
        setPart({ component: loaded });
        return;
      }
      void preload().then(
        (component) => setPart({ component }),
        () => toast({ variant: 'destructive', title: 'Could not load', description: 'Check your connection and try again.' }),
      );
    };
    const warm = () => void preload().catch(() => undefined);
    return [part?.component, part ? {} : { onClick: use, onPointerEnter: warm, onFocus: warm, 'aria-expanded': false }];
  }

  return { preload, usePart };
}

export interface TriggerProps {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
  'aria-expanded': false;
}
