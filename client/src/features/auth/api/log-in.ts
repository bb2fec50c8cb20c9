import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function logIn(input: LoginInput): Promise<CurrentUser> {
  return (await apiRequest('POST', '/api/auth/login', input)).json();
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
