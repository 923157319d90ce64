import { Component, createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { ComponentPropsWithRef, ComponentType, ErrorInfo, MouseEvent, ReactNode } from 'react';
import {
  currentLocation,
  manageScroll,
  pathOf,
  rememberScroll,
  resolve,
  restoreScroll,
  writeHistory,
  type Location,
  type NavigateOptions,
  type NavigationType,
} from './history';

/**
 * The app's router: the subset of react-router's API the app uses (Link, Navigate, Outlet,
 * useLocation, useNavigate, useParams, useSearchParams), with the same behaviour: a page's
 * chunk loads before the URL changes, links are plain <a href>, back/forward restores the
 * scroll position, a render error shows the error page until the next navigation.
 */

/** A route: a path pattern (`/board/:code`, `*`) and either a lazily loaded page or an element. */
export interface Route {
  path: string;
  load?: () => Promise<ComponentType>;
  element?: ReactNode;
}

type Params = Readonly<Record<string, string | undefined>>;

export interface Match {
  route: Route;
  params: Params;
}

/** Matches like react-router: whole segments, static ones case-insensitively, a trailing slash ignored. */
function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const wanted = pattern.split('/').filter(Boolean);
  const actual = pathname.split('/').filter(Boolean);
  if (wanted.length !== actual.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of wanted.entries()) {
    const value = actual[index] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = safeDecode(value);
    else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first route matching a path, and its parameters (the server renders the same page). */
export function matchRoutes(routes: Route[], pathname: string): Match | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return null;
}

interface RouterState {
  location: Location;
  type: NavigationType;
  params: Params;
  outlet: ReactNode;
  error: unknown;
}

interface RouterContextValue {
  location: Location;
  type: NavigationType;
  params: Params;
  outlet: ReactNode;
  navigate: (to: string, options?: NavigateOptions) => Promise<void>;
}

const RouterContext = createContext<RouterContextValue | null>(null);

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks are used outside <Router>');
  return router;
}

// Loaded pages, so a second visit renders at once.
const pages = new Map<Route, ComponentType>();

async function loadPage(match: Match | null) {
  const load = match?.route.load;
  if (load && !pages.has(match.route)) pages.set(match.route, await load());
}

/** Starts loading the first page before the app renders, in parallel with the shell's own work. */
export function preloadPage(routes: Route[], pathname = window.location.pathname) {
  return loadPage(matchRoutes(routes, pathname));
}

/** The router's state for a location whose page is already loaded (preloadPage), or null. */
function loadedState(routes: Route[], location: Location): RouterState | null {
  const match = matchRoutes(routes, location.pathname);
  if (match?.route.load && !pages.has(match.route)) return null;
  const Page = match && pages.get(match.route);
  return { location, type: 'POP', params: match?.params ?? {}, outlet: Page ? <Page /> : (match?.route.element ?? null), error: null };
}

interface RouterProps {
  routes: Route[];
  /** Wraps every page, rendering it through <Outlet />. */
  layout: ReactNode;
  /** Shown instead of the layout when a page fails to load or render. */
  errorElement: ReactNode;
  /**
   * A page rendered on the server: the router starts on this location at once, its page
   * preloaded (preloadPage), so the first render is the server's HTML (hydration) rather
   * than nothing until the page's chunk arrives.
   */
  initial?: Location | undefined;
}

// The app has one router: the latest navigation, and the location on screen.
let navigationId = 0;
let shown: Location | null = null;
/** The server-rendered page the app hydrated: the reader may have scrolled it already, before the app ran. */
let hydratedLocation: Location | null = null;

export function Router({ routes, layout, errorElement, initial }: RouterProps) {
  const [state, setState] = useState<RouterState | null>(() => {
    const first = initial ? loadedState(routes, initial) : null;
    if (first && typeof window !== 'undefined') {
      shown = first.location;
      hydratedLocation = first.location;
    }
    return first;
  });
  const startedWith = state;

  const go = useCallback(
    async (location: Omit<Location, 'key'> & { key?: string }, type: NavigationType, commit?: () => Location) => {
      const id = ++navigationId;
      const match = matchRoutes(routes, location.pathname);
      let error: unknown = null;
      try {
        await loadPage(match);
      } catch (failure) {
        error = failure;
      }
      // A newer navigation started while this page loaded: it wins.
      if (id !== navigationId) return;
      if (shown) rememberScroll(shown);
      shown = commit ? commit() : { key: 'default', ...location };
      const Page = match && pages.get(match.route);
      const outlet = Page ? <Page /> : (match?.route.element ?? null);
      setState({ location: shown, type, params: match?.params ?? {}, outlet, error });
    },
    [routes],
  );

  // The first page (unless the server rendered it), then back/forward.
  useEffect(() => {
    manageScroll(() => shown);
    const onPopState = () => void go(currentLocation(), 'POP');
    window.addEventListener('popstate', onPopState);
    if (!startedWith) onPopState();
    return () => window.removeEventListener('popstate', onPopState);
    // startedWith is the first render's state: read once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [go]);

  const navigate = useCallback(
    (to: string, options: NavigateOptions = {}) => {
      const target = resolve(to);
      if (!target) {
        window.location.assign(to);
        return Promise.resolve();
      }
      return go(target, options.replace ? 'REPLACE' : 'PUSH', () => writeHistory(target, options));
    },
    [go],
  );

  const value = useMemo<RouterContextValue | null>(
    () => state && { location: state.location, type: state.type, params: state.params, outlet: state.outlet, navigate },
    [state, navigate],
  );

  // Nothing until the first page has loaded, so the shell and the page appear together.
  if (!state || !value) return null;
  return (
    <RouterContext.Provider value={value}>
      <ErrorBoundary location={state.location} fallback={errorElement} loadError={state.error}>
        {layout}
      </ErrorBoundary>
    </RouterContext.Provider>
  );
}

interface ErrorBoundaryProps {
  location: Location;
  fallback: ReactNode;
  loadError: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  location: Location;
}

class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Navigating away from a broken page recovers, as react-router's errorElement does.
  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error || this.props.loadError ? this.props.fallback : this.props.children;
  }
}

/**
 * Where the current page renders inside the layout. It also places the scroll once the
 * page is in the DOM: Preact re-renders context readers after the provider's commit.
 */
export function Outlet() {
  const { outlet, location, type } = useRouter();
  useLayoutEffect(() => {
    // A reader who scrolled the server's page while the scripts loaded stays where they are.
    if (location === hydratedLocation && window.scrollY !== 0) return;
    restoreScroll(location, type);
  }, [location, type]);
  return outlet;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useParams(): Params {
  return useRouter().params;
}

/** Navigates to a path; the promise settles once the new page is rendered. */
export function useNavigate() {
  return useRouter().navigate;
}

type SearchParamsInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit, options?: NavigateOptions) => Promise<void>] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      return navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location.pathname, navigate],
  );
  return [params, setParams];
}

/** Redirects once rendered (a guard: `if (!user) return <Navigate to="/auth" replace />`). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & { to: string; replace?: boolean };

const modified = (event: MouseEvent) => event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/** A plain <a href> that navigates in place for an ordinary click; a link to the current URL replaces it. */
export function Link({ to, replace, onClick, target, ...props }: LinkProps) {
  const { location, navigate } = useRouter();
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || modified(event) || (target && target !== '_self')) return;
        const destination = resolve(to);
        if (!destination) return;
        event.preventDefault();
        void navigate(to, { replace: replace ?? pathOf(destination) === pathOf(location) });
      }}
    />
  );
}
