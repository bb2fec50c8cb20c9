// Who is signed in, used across the app (top bar, routing); the account forms live in features/auth.
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '#shared/auth.ts';
import type { Locale } from '#shared/locales.ts';
import { apiRequest, getQueryFn } from './api-client';
import { forgetDraft } from './kept-video';
import { applyLanguage } from './language';

const fetchCurrentUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

/**
 * `user`, once their account's language is in place with its texts: the app learns who is signed in (fetched, or
 * answered by signing up or in) only through this, so their page opens in that language rather than changing
 * language while it loads its own texts (docs/i18n.md).
 */
export async function inAccountLanguage<User extends CurrentUser | null>(user: User): Promise<User> {
  if (user) await applyLanguage(user.locale);
  return user;
}

// Fetched once, no retry; a 401 means signed out (null), not an error.
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/user'],
  queryFn: async (context) => inAccountLanguage(await fetchCurrentUser(context)),
  retry: false,
});

/**
 * A page requested without a session says so (data-signed-out on <html>): the visitor is signed out, known without a
 * request. Signing in then sets the user (log-in.ts, sign-up.ts).
 */
export function knowSignedOutVisitor(queryClient: QueryClient): void {
  if (document.documentElement.hasAttribute('data-signed-out')) queryClient.setQueryData(currentUserQuery.queryKey, null);
}

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return {
    user: query.data ?? null,
    isLoading: query.isLoading,
    /** No answer yet: unlike isLoading, the same in the server's renderer (which never asks) and the browser. */
    isPending: query.isPending,
    isAuthenticated: Boolean(query.data),
    error: query.error,
    refetch: query.refetch,
    isFetching: query.isFetching,
  };
}

export async function logOut(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
  // What was typed into a profile not yet saved (a phone number, say) stays on the phone only for its own account.
  forgetDraft();
}

/** Signs out, then loads the home page afresh: no state of the signed-in user survives in the page. */
export function useLogOut() {
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => window.location.assign('/'),
  });
}

export async function setLocale(locale: Locale): Promise<CurrentUser> {
  return (await apiRequest('PUT', '/api/auth/locale', { locale })).json();
}

/** Keeps a signed-in person's language with their account, so it follows them to other devices and their e-mails. */
export function useSetLocale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLocale,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}

export async function resendVerification(): Promise<void> {
  await apiRequest('POST', '/api/auth/resend-verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/** Where a signed-in user belongs: the page their state calls for. */
export function homePathFor(user: CurrentUser): string {
  if (!user.role) return user.isAdmin ? '/admin' : '/';
  // A job seeker waits on the pending screen while the profile is in review, then lives on /profile.
  if (user.role === 'job_seeker') {
    if (!user.profile) return '/create-profile';
    return user.profile.reviewStatus === 'pending' ? '/pending' : '/profile';
  }
  if (!user.company) return '/onboarding';
  return user.company.subscriptionStatus === 'pending_payment' ? '/pending' : '/dashboard';
}
