import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { showToastFromPreviousPage } from './components/ui/use-toast';
import { queryClient } from './lib/query-client';
import { ApiError, rememberCsrfToken } from './lib/api-client';
import { endHydrating, PageStateProvider, pinClock, startHydrating } from './lib/page-state';
import { PAGE_STATE_ID, type PageState } from '../shared/page-render.js';
import { reloadOnMissingChunks } from './lib/chunk-reload';
import { resumeEventsAfter } from './lib/live-events';
import { afterHydrationTurns } from './lib/hydrate-in-turns';
import { watchColorTheme } from './lib/color-theme';
import { watchColorMode } from './lib/theme';
import { hoistDocumentTitles } from './app/document-title';
import { LazyToaster } from './app/LazyToaster';
import { preloadPage, Router } from './app/router';
import { currentLocation } from './app/history';
import { RootLayout } from './app/RootLayout';
import { ErrorPage } from './pages/ErrorPage';
import { routes } from './routes';
import './index.css';

// Radix's modal scroll lock injects a <style>; the server's CSP allows it with this page's nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce);

// A chunk gone since a deploy reloads the page once, into the new build.
reloadOnMissingChunks();
// Fetch the first page's chunk while the shell starts.
const firstPage = preloadPage(routes);
hoistDocumentTitles();
watchColorMode();
watchColorTheme();
showToastFromPreviousPage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered carries its data and form state (entry-server.tsx).
const stateScript = document.getElementById(PAGE_STATE_ID);
const pageState = stateScript?.textContent ? (JSON.parse(stateScript.textContent) as PageState) : null;

const app = (initial?: ReturnType<typeof currentLocation>) => (
  <StrictMode>
    <PageStateProvider value={{ csrfToken: pageState?.csrfToken ?? null, form: pageState?.form ?? null }}>
      <QueryClientProvider client={queryClient}>
        <Router routes={routes} layout={<RootLayout />} errorElement={<ErrorPage />} initial={initial} />
        <LazyToaster />
      </QueryClientProvider>
    </PageStateProvider>
  </StrictMode>
);

if (pageState) {
  // The server's data under the features' keys: the first render asks for nothing it has.
  hydrate(queryClient, pageState.queries as Parameters<typeof hydrate>[1]);
  reviveErrors();
  if (pageState.csrfToken) rememberCsrfToken(pageState.csrfToken);
  if (pageState.eventId !== null) resumeEventsAfter(pageState.eventId);
  // The page's chunk first, then hydrate: the first render is the server's HTML, its own time included.
  void firstPage.then(
    () => {
      pinClock(pageState.now);
      startHydrating();
      hydrateRoot(root, app(currentLocation()));
      endHydrating();
      // The replies hydrated after the page write their times as the server did too.
      afterHydrationTurns(() => pinClock(null));
    },
    () => createRoot(root).render(app()),
  );
} else {
  void firstPage.catch(() => undefined);
  createRoot(root).render(app());
}

/** Errors came as JSON: back to the ApiError the page's error views read. */
function reviveErrors() {
  for (const query of queryClient.getQueryCache().getAll()) {
    const error = query.state.error as { status?: number; serverMessage?: string } | null;
    if (error && !(error instanceof ApiError)) {
      const message = error.serverMessage ?? 'Request failed';
      query.setState({ error: new ApiError(error.status ?? 500, { message }, message) });
      // Shown as the server showed it (the not-found view), not asked again on mount: it answered already.
      queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
    }
  }
}
