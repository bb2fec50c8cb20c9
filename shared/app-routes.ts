// The addresses the app has a page for, as its router names them (client/src/app/App.tsx). The server answers any
// other address with 404 and the not-found page, so a mistyped or dead link is not a page to search engines and
// shows its message before any script. A test keeps this list and the app's routes the same.
import { parse } from 'regexparam';

export const APP_ROUTES = [
  '/',
  '/about',
  '/careers',
  '/get-started',
  '/get-started/:type',
  '/join',
  '/contact-sales',
  '/privacy-policy',
  '/terms-of-service',
  '/employers/:slug',
  '/employers/:slug/report',
  '/login',
  '/signup',
  '/forgot-password',
  '/create-profile',
  '/onboarding',
  '/pending',
  '/account',
  '/invoices/:id',
  '/dashboard',
  '/dashboard/shortlist',
  '/dashboard/candidates/:id',
  '/profile',
  '/admin',
  '/admin/*',
  '/profile/edit',
  '/verify-email',
  '/reset-password',
  '/alerts/stop',
  '/still-looking',
  '/activity-emails/stop',
  '/data-export',
  '/invite',
] as const;

// Matched as the app's router matches them (wouter uses regexparam): a `:name` is one part of the path, `*` the rest,
// a trailing slash and letter case do not count.
const patterns = APP_ROUTES.map((route) => parse(route).pattern);

/** Whether the app has a page at `path` (the path alone, without its query). */
export const isAppRoute = (path: string): boolean => patterns.some((pattern) => pattern.test(path));
