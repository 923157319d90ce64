import { cloneElement, useState, type ButtonHTMLAttributes, type ComponentType, type MouseEvent, type ReactElement } from 'react';
import { toast } from '../components/ui/use-toast';

/** The button that opens a part; the part's Radix trigger wraps this same element once loaded. */
export type PartTrigger = ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;

/**
 * A menu or dialog whose code loads, and which mounts, on first use. Until then its
 * trigger is a plain button. A closed Radix menu still renders its providers, popper
 * and collection on every page, and Radix with floating-ui was a third of the entry
 * chunk every page waited for (docs/web-bundle.md). Hovering or focusing the trigger
 * starts the load, so a click rarely waits for it; a failed load is retried on the
 * next use. The part is mounted open, and stays mounted, like any Radix part.
 *
 * Until then the trigger announces what Radix's trigger will: that it opens a `popup`
 * (aria-haspopup), which is closed, so assistive technology and anyone finding controls
 * by role meet the same button before and after the load.
 */
export function onFirstUse<Props extends { trigger: PartTrigger }>(popup: 'menu' | 'dialog', load: () => Promise<ComponentType<Props>>) {
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
  const warm = () => void preload().catch(() => undefined);

  /** The trigger alone until first used, then the part with the same trigger. */
  function Part(props: Props) {
    const [part, setPart] = useState<{ component: ComponentType<Props> }>();
    if (part) return <part.component {...props} />;
    const open = () => {
      if (loaded) {
        setPart({ component: loaded });
        return;
      }
      void preload().then(
        (component) => setPart({ component }),
        () => toast({ variant: 'destructive', title: 'Could not load', description: 'Check your connection and try again.' }),
      );
    };
    return cloneElement(props.trigger, {
      // A trigger may be a link to a page holding the part, for browsers without JavaScript.
      onClick: (event: MouseEvent) => {
        event.preventDefault();
        open();
      },
      onPointerEnter: warm,
      onFocus: warm,
      'aria-haspopup': popup,
      'aria-expanded': false,
      'data-state': 'closed',
    } as ButtonHTMLAttributes<HTMLButtonElement>);
  }

  return { preload, Part };
}
