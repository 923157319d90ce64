import type { ComponentType } from 'react';
import { Navigate, type Route } from './app/router';

/**
 * Each page is its own chunk, loaded when its route is first visited: a reader of a
 * thread downloads the thread page, not the moderation panel or the premium dialog.
 * (scripts/bundle-report.mjs reads this table to size each route: keep its shape.)
 */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  load: async () => (await load())[name],
});

// SPEC.md section 2, route table; the first match wins. Routes not built yet fall through to the 404 page.
export const routes: Route[] = [
  { path: '/', ...page(() => import('./pages/HomePage'), 'HomePage') },
  { path: '/popular', ...page(() => import('./pages/HomePage'), 'HomePage') },
  { path: '/recent', ...page(() => import('./pages/HomePage'), 'HomePage') },
  { path: '/board/:code', ...page(() => import('./pages/BoardPage'), 'BoardPage') },
  { path: '/thread/:id', ...page(() => import('./pages/ThreadPage'), 'ThreadPage') },
  { path: '/users/:id', ...page(() => import('./pages/ProfilePage'), 'ProfilePage') },
  // Where an @mention in a post leads: the profile of whoever holds that name now.
  { path: '/u/:username', ...page(() => import('./pages/MentionPage'), 'MentionPage') },
  { path: '/users/:id/edit', ...page(() => import('./pages/ProfileEditPage'), 'ProfileEditPage') },
  { path: '/mod', ...page(() => import('./pages/ModerationPage'), 'ModerationPage') },
  { path: '/premium', ...page(() => import('./pages/PremiumPage'), 'PremiumPage') },
  { path: '/saved', ...page(() => import('./pages/SavedThreadsPage'), 'SavedThreadsPage') },
  { path: '/notifications', ...page(() => import('./pages/NotificationsPage'), 'NotificationsPage') },
  { path: '/search', ...page(() => import('./pages/SearchPage'), 'SearchPage') },
  { path: '/terms', ...page(() => import('./pages/LegalPages'), 'TermsPage') },
  { path: '/privacy', ...page(() => import('./pages/LegalPages'), 'PrivacyPage') },
  { path: '/guidelines', ...page(() => import('./pages/LegalPages'), 'GuidelinesPage') },
  { path: '/auth', ...page(() => import('./pages/AuthPage'), 'AuthPage') },
  // A forgotten password, reset with a recovery code (CONTRACT.md section 15).
  { path: '/recover', ...page(() => import('./pages/RecoverPage'), 'RecoverPage') },
  { path: '/banned', ...page(() => import('./pages/ModerationPublicPages'), 'BannedPage') },
  { path: '/moderation-log', ...page(() => import('./pages/ModerationPublicPages'), 'ModerationLogPage') },
  // Where 'New Thread' leads without JavaScript (with it, a dialog opens instead).
  { path: '/new-thread', ...page(() => import('./pages/NewThreadPage'), 'NewThreadPage') },
  // Where the spec sends a logged-out user who tries to post.
  { path: '/login', element: <Navigate to="/auth" replace /> },
  { path: '*', ...page(() => import('./pages/NotFoundPage'), 'NotFoundPage') },
];
