import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignupInput } from '#shared/auth.ts';
import { apiRequest, retryWhenBusy } from '@/lib/api-client';
import { currentUserQuery, inAccountLanguage } from '@/lib/auth';
import i18n from '@/lib/i18n';
import { isLocale } from '#shared/locales.ts';

/** Signs up in the language the page is read in: the account's e-mails go out in it. */
export async function signUp(input: SignupInput): Promise<CurrentUser> {
  const locale = isLocale(i18n.language) ? i18n.language : undefined;
  return (await apiRequest('POST', '/api/auth/signup', { ...input, locale })).json();
}

/**
 * Many sign-ups at once (a link shared in a group) make the server ask some to come back in a few seconds: the form
 * tries again by itself twice, saying so through `onWait`, before it shows an error.
 */
export function useSignUp(onWait: (seconds: number) => void = () => {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => retryWhenBusy(() => signUp(input), { retries: 2, maxWaitSeconds: 10, onWait }),
    onSuccess: async (user) => queryClient.setQueryData(currentUserQuery.queryKey, await inAccountLanguage(user)),
  });
}
