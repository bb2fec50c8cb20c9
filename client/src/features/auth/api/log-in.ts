import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery, inAccountLanguage } from '@/lib/auth';

export async function logIn(input: LoginInput): Promise<CurrentUser> {
  return (await apiRequest('POST', '/api/auth/login', input)).json();
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    // The account may read another language than the sign-in page: its page opens in it.
    onSuccess: async (user) => queryClient.setQueryData(currentUserQuery.queryKey, await inAccountLanguage(user)),
  });
}
