import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';
import { applyLanguage } from '@/lib/language';

export async function logIn(input: LoginInput): Promise<CurrentUser> {
  return (await apiRequest('POST', '/api/auth/login', input)).json();
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    // The account's language first, its texts loaded, and only then the signed-in page: that page then opens in the
    // account's language. Opened in the sign-in page's language, it changed language while its own texts still
    // loaded, and a part that waited for its texts twice could be rendered off the page (docs/i18n.md).
    onSuccess: async (user) => {
      await applyLanguage(user.locale);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
    },
  });
}
