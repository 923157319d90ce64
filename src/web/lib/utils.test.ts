import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '../components/ui/button';
import { cn } from './utils';

// That every class of the app merges as with tailwind-merge's full config: tailwind-merge-subset-config.internals.test.ts.
describe('cn', () => {
  it.each([
    [['size-9 px-4', 'size-8'], 'px-4 size-8'],
    [['h-9 px-4 py-2', 'h-auto px-0'], 'py-2 h-auto px-0'],
    [['text-sm font-medium', 'text-muted-foreground'], 'text-sm font-medium text-muted-foreground'],
    [['text-sm text-muted-foreground', 'text-xs'], 'text-muted-foreground text-xs'],
    [['text-sm/6', 'leading-none'], 'text-sm/6 leading-none'],
    [['leading-none', 'text-sm/6'], 'text-sm/6'],
    [['bg-primary text-primary-foreground', 'bg-accent'], 'text-primary-foreground bg-accent'],
    [['bg-primary', 'bg-primary/10'], 'bg-primary/10'],
    [['rounded-md', 'rounded-full'], 'rounded-full'],
    [['max-sm:size-9', 'max-sm:px-0'], 'max-sm:size-9 max-sm:px-0'],
    [['px-3 has-[>svg]:px-2.5', 'max-sm:px-0'], 'px-3 has-[>svg]:px-2.5 max-sm:px-0'],
    [['flex flex-col gap-6 rounded-xl border bg-card py-6', 'gap-2 p-4'], 'flex flex-col rounded-xl border bg-card gap-2 p-4'],
    [['animate-pulse rounded-md bg-accent', 'h-16 rounded-lg'], 'animate-pulse bg-accent h-16 rounded-lg'],
    [['grid gap-3 rounded-lg border p-3 text-sm', 'flex items-center gap-2 text-destructive'], 'rounded-lg border p-3 text-sm flex items-center gap-2 text-destructive'],
    [['fixed top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-lg border p-6', 'top-0 left-0 translate-x-0 translate-y-0 rounded-none border-y-0 border-l-0 p-4'], 'fixed border top-0 left-0 translate-x-0 translate-y-0 rounded-none border-y-0 border-l-0 p-4'],
    [['h-9 text-base md:text-sm', 'font-mono text-xs'], 'h-9 md:text-sm font-mono text-xs'],
    [['border-l-2 pl-3 sm:pl-5', 'ml-2 sm:ml-4'], 'border-l-2 pl-3 sm:pl-5 ml-2 sm:ml-4'],
    [['overflow-hidden', 'overflow-x-auto'], 'overflow-hidden overflow-x-auto'],
    [['overflow-x-auto', 'overflow-hidden'], 'overflow-hidden'],
    [['hover:focus:bg-accent', 'focus:hover:bg-muted'], 'focus:hover:bg-muted'],
  ])('cn(%j) is %j', (inputs, expected) => {
    expect(cn(...inputs)).toBe(expected);
    expect(twMerge(...inputs)).toBe(expected);
  });

  // A button's looks are component classes (button.css, in the components layer), which any
  // utility a caller adds overrides in the cascade: cn keeps both. That the override shows is
  // e2e/shell.spec.ts's (the New Thread button's size on a phone).
  it('keeps a className beside the button’s component classes', () => {
    expect(cn(buttonVariants({ size: 'icon' }), 'size-8')).toBe('btn btn-default btn-icon size-8');
    expect(cn(buttonVariants({ variant: 'outline', size: 'sm', className: 'max-sm:size-9 max-sm:px-0' }))).toBe('btn btn-outline btn-sm max-sm:size-9 max-sm:px-0');
  });
});
