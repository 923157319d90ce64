import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { showToastFromPreviousPage } from './components/ui/use-toast';
import { queryClient } from './lib/query-client';
import { reloadOnMissingChunks } from './lib/chunk-reload';
import { watchColorTheme } from './lib/color-theme';
import { watchColorMode } from './lib/theme';
import { hoistDocumentTitles } from './app/document-title';
import { LazyToaster } from './app/LazyToaster';
import { preloadPage, Router } from './app/router';
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
void preloadPage(routes).catch(() => undefined);
hoistDocumentTitles();
watchColorMode();
watchColorTheme();
showToastFromPreviousPage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Router routes={routes} layout={<RootLayout />} errorElement={<ErrorPage />} />
      <LazyToaster />
    </QueryClientProvider>
  </StrictMode>,
);
