import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from '../components/ui/button';
import { cn } from './utils';

// Every static piece of string in the web app: class names reach cn() only as literals.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts', '!./tailwind-merge-config.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function classTokens(): Set<string> {
  const tokens = new Set<string>();
  for (const [path, text] of Object.entries(sources)) {
    const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteral(node) || ts.isTemplateLiteralToken(node)) {
        for (const token of node.text.split(/\s+/)) if (/[a-z]/i.test(token)) tokens.add(token);
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kind));
  }
  return tokens;
}

// A token either merge takes for a Tailwind class loses its duplicate.
const isTailwindClass = (token: string) => twMerge(token, token) === token || cn(token, token) === token;

// Only for the failure message: the first default group that recognises the class on its own.
function defaultGroupOf(token: string): string | undefined {
  const full = getDefaultConfig();
  return Object.keys(full.classGroups).find((group) => {
    const classGroups = { [group]: full.classGroups[group as keyof typeof full.classGroups] };
    const merge = createTailwindMerge(() => ({ ...full, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
    return merge(token, token) === token;
  });
}

describe('cn', () => {
  it('merges every pair of the app’s classes as the full tailwind-merge config does', () => {
    const tokens = classTokens();
    // Guards against a collector that silently finds nothing.
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(tokens).toContain('text-muted-foreground');
    expect(tokens).toContain('max-sm:size-9');

    for (const token of tokens) expect(cn(token)).toBe(twMerge(token));

    const classes = [...tokens].filter(isTailwindClass);
    expect(classes.length).toBeGreaterThan(300);
    const unrecognised = classes.filter((token) => cn(token, token) !== twMerge(token, token));
    expect(unrecognised.map((token) => `${token} (default group '${defaultGroupOf(token)}')`), 'classes of groups missing from tailwind-merge-config.ts').toEqual([]);

    const mismatches: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const full = twMerge(a, b);
        const slim = cn(a, b);
        if (slim !== full) mismatches.push(`cn('${a}', '${b}') gave '${slim}', twMerge '${full}'`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });

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

  it('lets a className override a button’s size and padding per breakpoint', () => {
    const icon = cn(buttonVariants({ size: 'icon' }), 'size-8').split(' ');
    expect(icon.filter((token) => token.startsWith('size-'))).toEqual(['size-8']);

    const newThread = cn(buttonVariants({ variant: 'outline', size: 'sm', className: 'max-sm:size-9 max-sm:px-0' })).split(' ');
    expect(newThread).toEqual(expect.arrayContaining(['h-8', 'px-3', 'max-sm:size-9', 'max-sm:px-0', 'text-sm', 'bg-background', 'border']));

    const avatar = cn(buttonVariants({ size: 'icon', className: 'rounded-full text-xs font-semibold' })).split(' ');
    expect(avatar).toEqual(expect.arrayContaining(['rounded-full', 'text-xs', 'font-semibold', 'bg-primary', 'text-primary-foreground']));
    expect(avatar.filter((token) => /^(text-(sm|xs)|rounded-|font-)/.test(token))).toEqual(['rounded-full', 'text-xs', 'font-semibold']);
  });
});
