import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignupInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';
import i18n from '@/lib/i18n';
import { isLocale } from '#shared/locales.ts';

/** Signs up in the language the page is read in: the account's e-mails go out in it. */
export async function signUp(input: SignupInput): Promise<CurrentUser> {
  const locale = isLocale(i18n.language) ? i18n.language : undefined;
  return (await apiRequest('POST', '/api/auth/signup', { ...input, locale })).json();
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
