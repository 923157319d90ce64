import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Toaster } from './components/ui/toaster';
import { showToastFromPreviousPage } from './components/ui/use-toast';
import { queryClient } from './lib/query-client';
import { watchColorMode } from './lib/theme';
import { router } from './routes';
import './index.css';

watchColorMode();
showToastFromPreviousPage();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);
