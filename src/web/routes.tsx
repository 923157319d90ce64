import { createBrowserRouter, Navigate } from 'react-router';
import { RootLayout } from './components/layout/RootLayout';
import { AuthPage } from './pages/AuthPage';
import { ErrorPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

// SPEC.md section 2, route table. Routes not built yet fall through to the 404 page.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/auth', element: <AuthPage /> },
      // Where the spec sends a logged-out user who tries to post.
      { path: '/login', element: <Navigate to="/auth" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
