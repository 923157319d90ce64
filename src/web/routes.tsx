import { createBrowserRouter, Navigate } from 'react-router';
import { RootLayout } from './components/layout/RootLayout';
import { AuthPage } from './pages/AuthPage';
import { BoardPage } from './pages/BoardPage';
import { ErrorPage } from './pages/ErrorPage';
import { HomePage } from './pages/HomePage';
import { GuidelinesPage, PrivacyPage, TermsPage } from './pages/LegalPages';
import { ModerationPage } from './pages/ModerationPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProfileEditPage } from './pages/ProfileEditPage';
import { PremiumPage } from './pages/PremiumPage';
import { ProfilePage } from './pages/ProfilePage';
import { SavedThreadsPage } from './pages/SavedThreadsPage';
import { SearchPage } from './pages/SearchPage';
import { ThreadPage } from './pages/ThreadPage';

// SPEC.md section 2, route table. Routes not built yet fall through to the 404 page.
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/popular', element: <HomePage /> },
      { path: '/recent', element: <HomePage /> },
      { path: '/board/:code', element: <BoardPage /> },
      { path: '/thread/:id', element: <ThreadPage /> },
      { path: '/users/:id', element: <ProfilePage /> },
      { path: '/users/:id/edit', element: <ProfileEditPage /> },
      { path: '/mod', element: <ModerationPage /> },
      { path: '/premium', element: <PremiumPage /> },
      { path: '/saved', element: <SavedThreadsPage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/guidelines', element: <GuidelinesPage /> },
      { path: '/auth', element: <AuthPage /> },
      // Where the spec sends a logged-out user who tries to post.
      { path: '/login', element: <Navigate to="/auth" replace /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
