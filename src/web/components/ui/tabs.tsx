import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn('flex flex-col gap-2', className)} {...props} />;
}

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn('inline-flex min-h-9 w-fit max-w-full items-stretch justify-center rounded-lg bg-muted p-[3px] text-muted-foreground', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        // On a phone a label may wrap to two lines (between words: min-width stays auto, so
        // labels never overlap) rather than push the list past the screen.
        'inline-flex flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2 py-1 text-center text-sm leading-tight font-medium wrap-normal text-foreground/70 transition-[color,box-shadow] outline-none sm:whitespace-nowrap',
        'hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50',
        'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:border-input dark:data-[state=active]:bg-input/30',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn('flex-1 outline-none', className)} {...props} />;
}

/**
 * A tab that is also a link to its own address (home's /recent, /auth?tab=register), so
 * it works without JavaScript. With JavaScript the tabs' onValueChange navigates, as for
 * any tab: the link's own click is kept only for a new tab or window.
 */
export function TabsLinkTrigger({ href, children, ...props }: ComponentProps<typeof TabsPrimitive.Trigger> & { href: string }) {
  return (
    <TabsTrigger asChild {...props}>
      <a
        href={href}
        onClick={(event) => {
          if (event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey) event.preventDefault();
        }}
      >
        {children}
      </a>
    </TabsTrigger>
  );
}
