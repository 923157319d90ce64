// The web app rendered on the server (CONTRACT.md section 12): built by `vite build --ssr`
// into dist/ssr/entry-server.js, which the server imports at start (modules/pages). The
// same components, router and query keys as the browser's app (main.tsx), so the page
// the browser hydrates is the one it would have rendered itself.
import { dehydrate, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { options, type VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createContext, useContext } from 'react';
import type { PageRead, PageReadResult, PageRenderInput, PageRenderOutput, PageState } from '../shared/page-render.js';
import { searchQuerySchema } from '../shared/schemas/search.js';
import { matchRoutes, preloadPage, Router } from './app/router';
import { RootLayout } from './app/RootLayout';
import { ErrorPage } from './pages/ErrorPage';
import { boardListOf } from './pages/BoardPage';
import { routes } from './routes';
import { ApiError } from './lib/api-client';
import { queryDefaults } from './lib/query-client';
import { sharedKeys } from './lib/query-keys';
import { PageStateProvider } from './lib/page-state';
import { boardKeys } from './features/boards/api/keys';
import { searchKeys } from './features/search/api/keys';
import { threadKeys } from './features/threads/api/keys';
import { tipKeys } from './features/tips/api/keys';
import { userKeys } from './features/users/api/keys';

/** The query key each read is cached under: the features' own key factories, so hydration finds it. */
function keyOf(read: PageRead): QueryKey {
  switch (read.name) {
    case 'currentUser':
      return sharedKeys.currentUser();
    case 'boards':
      return boardKeys.list();
    case 'board':
      return boardKeys.detail(...read.args);
    case 'boardThreads':
      return threadKeys.boardList(...read.args);
    case 'feed':
      return threadKeys.feed(...read.args);
    case 'thread':
      return threadKeys.detail(...read.args);
    case 'threadTips':
      return tipKeys.thread(...read.args);
    case 'threadPostTips':
      return tipKeys.threadPosts(...read.args);
    case 'profile':
      return userKeys.profile(...read.args);
    case 'userThreads':
      return userKeys.threads(...read.args);
    case 'userPosts':
      return userKeys.posts(...read.args);
    case 'followStats':
      return userKeys.followStats(...read.args);
    case 'isFollowing':
      return userKeys.isFollowing(...read.args);
    case 'search':
      return searchKeys.results(...read.args);
  }
}

/**
 * The reads the page at `url` starts with, as its components ask for them on first
 * render (the same arguments, so the same keys); null for a page not rendered on the
 * server (a signed-in user's tools: the browser renders those).
 */
export function pageReads(url: string, signedIn: boolean): PageRead[] | null {
  const { pathname, searchParams } = new URL(url, 'http://page');
  const match = matchRoutes(routes, pathname);
  if (!match) return null;
  const shell: PageRead[] = [
    { name: 'currentUser', args: [] },
    { name: 'boards', args: [] },
  ];
  const positive = (value: string | undefined) => {
    const number = Number.parseInt(value ?? '', 10);
    return Number.isInteger(number) && number > 0 && String(number) === value ? number : null;
  };
  switch (match.route.path) {
    case '/':
    case '/terms':
    case '/privacy':
    case '/guidelines':
    case '/auth':
    case '/new-thread':
    case '*':
      return shell;
    case '/recent':
    case '/popular':
      return [...shell, { name: 'feed', args: [match.route.path === '/recent' ? 'recent' : 'popular'] }];
    case '/board/:code': {
      const code = match.params.code ?? '';
      const { page, sort } = boardListOf(searchParams);
      return [...shell, { name: 'board', args: [code] }, { name: 'boardThreads', args: [code, page, sort] }];
    }
    case '/thread/:id': {
      // ThreadPage reads Number(id): anything else is the not-found state, with no read.
      const id = Number(match.params.id);
      if (!Number.isInteger(id) || id <= 0) return shell;
      return [...shell, { name: 'thread', args: [id] }, { name: 'threadTips', args: [id] }, { name: 'threadPostTips', args: [id] }];
    }
    case '/users/:id': {
      const id = positive(match.params.id);
      if (id === null) return shell;
      const reads: PageRead[] = [...shell, { name: 'profile', args: [id] }, { name: 'followStats', args: [id] }, { name: 'userThreads', args: [id, 1] }];
      // The follow button asks only when signed in (and not on one's own profile, which the server checks).
      if (signedIn) reads.push({ name: 'isFollowing', args: [id] });
      return reads;
    }
    case '/search': {
      const q = (searchParams.get('q') ?? '').trim();
      return searchQuerySchema.safeParse(q).success ? [...shell, { name: 'search', args: [q, 'all'] }] : shell;
    }
    default:
      return null;
  }
}

/** React 19 hoists a <title> into <head>; here, as in the browser (app/document-title.ts), it renders nothing and is kept for the page's <head>. */
interface TitleSinkValue {
  keep(title: string): void;
}
const TitleSink = createContext<TitleSinkValue>({ keep: () => undefined });
function ServerTitle({ children }: { children?: unknown }) {
  useContext(TitleSink).keep((Array.isArray(children) ? children : [children]).join(''));
  return null;
}
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  if (vnode.type === 'title') vnode.type = ServerTitle as VNode['type'];
  previousVnode?.(vnode);
};

/** `</script>` and friends cannot end the state script early: every `<` is escaped. */
const scriptSafe = (json: string) => json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function putRead(client: QueryClient, read: PageReadResult): Promise<void> | void {
  const queryKey = keyOf(read);
  if ('data' in read) {
    client.setQueryData(queryKey, read.data);
    return;
  }
  // The error state the API's answer would have given the page (its not-found view).
  const { status, message } = read.error;
  return client.prefetchQuery({ queryKey, queryFn: () => Promise.reject(new ApiError(status, { message }, message)) });
}

/**
 * The CSP allows no style attribute in HTML (style-src has no 'unsafe-inline'); the app's
 * own components set none (a poster ID's colour is a class), but Radix sets a few that
 * change nothing on screen at rest (a tab list's outline, a tab panel's animation length).
 * In the browser those go through the CSSOM, which CSP leaves alone; here they would be
 * violations, so they are dropped. Text cannot hold ` style="`: its quotes are escaped.
 */
const withoutStyleAttributes = (html: string) => html.replace(/ style="[^"]*"/g, '');

/**
 * A read the server could not answer (the database away: 503) is the page's status, so
 * no cache keeps the page and crawlers come back; else 404 where the page shows that
 * what the address names does not exist.
 */
function statusOf(pathname: string, reads: PageReadResult[]): number {
  for (const read of reads) if ('error' in read && read.error.status >= 500) return read.error.status;
  const route = matchRoutes(routes, pathname)?.route.path;
  if (route === '*') return 404;
  const missing = (name: PageRead['name']) => {
    const read = reads.find((candidate) => candidate.name === name);
    return !read || 'error' in read;
  };
  if (route === '/thread/:id' && missing('thread')) return 404;
  if (route === '/board/:code' && missing('board')) return 404;
  if (route === '/users/:id' && missing('profile')) return 404;
  return 200;
}

/** Renders one page: its HTML, its <title>, and the state the browser hydrates from. */
export async function renderPage(input: PageRenderInput): Promise<PageRenderOutput> {
  // retryOnMount off: a read that failed (a 404) renders its error view, not a spinner that would ask again.
  const client = new QueryClient({ defaultOptions: { ...queryDefaults, queries: { ...queryDefaults.queries, retryOnMount: false } } });
  await Promise.all(input.reads.map((read) => putRead(client, read)));
  const { pathname, search, hash } = new URL(input.url, 'http://page');
  await preloadPage(routes, pathname);
  let title: string | null = null;
  const sink: TitleSinkValue = { keep: (text) => void (title = text) };
  const html = await renderToStringAsync(
    <TitleSink.Provider value={sink}>
      <PageStateProvider value={{ csrfToken: input.csrfToken, form: input.form }}>
        <QueryClientProvider client={client}>
          <Router routes={routes} layout={<RootLayout />} errorElement={<ErrorPage />} initial={{ pathname, search, hash, key: 'default' }} />
        </QueryClientProvider>
      </PageStateProvider>
    </TitleSink.Provider>,
  );
  const state: PageState = {
    // Errors too: the browser shows the same not-found view first (then asks again, as it would).
    queries: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status !== 'pending' }),
    csrfToken: input.csrfToken,
    form: input.form,
    now: input.now,
    eventId: input.eventId,
  };
  client.clear();
  return { html: withoutStyleAttributes(html), status: statusOf(pathname, input.reads), title, state: scriptSafe(JSON.stringify(state)) };
}
