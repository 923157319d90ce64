/**
 * The browser history as the router sees it: the current location, navigation that
 * resolves once the new page is on screen, and the scroll positions back/forward restores.
 * Replaces react-router's data router (30 KB gzip) for a route table of a dozen pages.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Identifies the history entry, for restoring its scroll position. */
  key: string;
}

/** PUSH and REPLACE scroll to the top (or the #hash); POP restores the entry's position. */
export type NavigationType = 'PUSH' | 'REPLACE' | 'POP';

export interface NavigateOptions {
  replace?: boolean;
}

const keyOf = (state: unknown) => (state as { key?: string } | null)?.key ?? 'default';
const newKey = () => Math.random().toString(36).slice(2, 10);

export function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, key: keyOf(window.history.state) };
}

export const pathOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => location.pathname + location.search + location.hash;

/**
 * Where `to` leads from the current URL, or null for another origin (which the
 * caller leaves to the browser). Relative paths and `?query` resolve like an <a href>.
 */
export function resolve(to: string): Omit<Location, 'key'> | null {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** Writes the history entry for a navigation the router has committed to. */
export function writeHistory(target: Omit<Location, 'key'>, { replace = false }: NavigateOptions): Location {
  const key = newKey();
  window.history[replace ? 'replaceState' : 'pushState']({ key }, '', pathOf(target));
  return { ...target, key };
}

// Scroll positions per history entry, kept across reloads like the browser does.
const STORAGE_KEY = 'scroll-positions';
const positions = new Map<string, number>(readStoredPositions());

function readStoredPositions(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

// Entries the app did not write (a plain #hash link) have no key of their own.
export function rememberScroll(location: Location) {
  if (location.key !== 'default') positions.set(location.key, window.scrollY);
}

/** Takes over scroll restoration from the browser, which would restore before the page renders. */
export function manageScroll(shown: () => Location | null) {
  window.history.scrollRestoration = 'manual';
  if (keyOf(window.history.state) === 'default') window.history.replaceState({ ...(window.history.state as object | null), key: newKey() }, '');
  window.addEventListener('pagehide', () => {
    const location = shown();
    if (location) rememberScroll(location);
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(positions)));
    } catch {
      // Storage full or disabled: positions are simply not kept across reloads.
    }
  });
}

/** After a page renders: back/forward returns to where the reader was, a new page starts at its #hash or top. */
export function restoreScroll(location: Location, type: NavigationType) {
  const saved = type === 'POP' && location.key !== 'default' ? positions.get(location.key) : undefined;
  if (saved !== undefined) {
    window.scrollTo(0, saved);
    return;
  }
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}
