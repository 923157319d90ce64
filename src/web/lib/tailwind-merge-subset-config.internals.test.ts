// Canary for tailwind-merge-subset-config.ts, a copy of part of tailwind-merge's default
// config. When a bump changes a copied group, its order, a theme scale or a conflict, or the
// app starts using a class of a group not copied, a test here fails and names it; the
// module's header says what to do then.
import { createTailwindMerge, getDefaultConfig, twMerge, validators } from 'tailwind-merge';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tailwindMergeConfig } from './tailwind-merge-subset-config';
import { cn } from './utils';

const full = getDefaultConfig();
const subset = tailwindMergeConfig();

// Validators by name, and theme getters by the theme key they read, so two configs built by
// separate calls compare equal when they say the same thing.
const validatorNames = new Map<unknown, string>(Object.entries(validators).map(([name, validator]) => [validator, name]));
const themeKeyReader = new Proxy({}, { get: (_target, key) => [`theme:${String(key)}`] });
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (typeof value === 'function') {
    if ((value as { isThemeGetter?: boolean }).isThemeGetter) return (value as (theme: object) => unknown)(themeKeyReader);
    return validatorNames.get(value) ?? `unknown function ${value.name}`;
  }
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normalised(inner)]));
  return value;
}

const groups = Object.keys(subset.classGroups);
const fullGroups = full.classGroups as Record<string, unknown>;

describe('tailwind-merge internals the subset config copies', () => {
  it('every copied class group is still defined as in the installed default config', () => {
    const missing = groups.filter((group) => !(group in fullGroups));
    expect(missing, 'groups tailwind-merge no longer has').toEqual([]);
    const changed = groups.filter((group) => JSON.stringify(normalised(subset.classGroups[group])) !== JSON.stringify(normalised(fullGroups[group])));
    expect(
      changed.map((group) => `${group}: copied ${JSON.stringify(normalised(subset.classGroups[group]))}, library ${JSON.stringify(normalised(fullGroups[group]))}`),
      'class groups that differ from tailwind-merge’s default config: copy them again',
    ).toEqual([]);
  });

  it('the copied groups are in the default config’s order, which decides the group a class matches first', () => {
    const order = Object.keys(fullGroups);
    expect(groups, 'copied groups out of the default config’s order').toEqual([...groups].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  });

  it('the theme scales, conflicts and modifiers match the default config', () => {
    const fullTheme = full.theme as Record<string, unknown>;
    for (const [key, scale] of Object.entries(subset.theme)) {
      expect(normalised(scale), `theme scale '${key}' differs from tailwind-merge’s`).toEqual(normalised(fullTheme[key]));
    }
    const kept = (list: readonly string[] | undefined) => (list ?? []).filter((group) => groups.includes(group));
    const fullConflicts = full.conflictingClassGroups as Record<string, readonly string[]>;
    for (const group of groups) {
      expect(subset.conflictingClassGroups[group] ?? [], `conflicts of '${group}' differ from tailwind-merge’s (among copied groups)`).toEqual(kept(fullConflicts[group]));
    }
    const fullModifiers = full.conflictingClassGroupModifiers as Record<string, readonly string[]>;
    for (const group of groups) {
      expect(subset.conflictingClassGroupModifiers[group] ?? [], `modifier conflicts of '${group}' differ from tailwind-merge’s`).toEqual(kept(fullModifiers[group]));
    }
    expect(subset.orderSensitiveModifiers, 'order-sensitive modifiers differ from tailwind-merge’s').toEqual(full.orderSensitiveModifiers);
    expect(subset.cacheSize).toBe(full.cacheSize);
  });
});

// Every static piece of string in the web app: class names reach cn() only as literals.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts', '!./tailwind-merge-subset-config.ts'], {
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
  return Object.keys(full.classGroups).find((group) => {
    const classGroups = { [group]: full.classGroups[group as keyof typeof full.classGroups] };
    const merge = createTailwindMerge(() => ({ ...full, classGroups, conflictingClassGroups: {}, conflictingClassGroupModifiers: {} }));
    return merge(token, token) === token;
  });
}

describe('cn with the subset config', () => {
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
    expect(unrecognised.map((token) => `${token} (default group '${defaultGroupOf(token)}')`), 'classes of groups missing from tailwind-merge-subset-config.ts').toEqual([]);

    const mismatches: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const fullMerge = twMerge(a, b);
        const slim = cn(a, b);
        if (slim !== fullMerge) mismatches.push(`cn('${a}', '${b}') gave '${slim}', twMerge '${fullMerge}'`);
      }
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
  });
});
