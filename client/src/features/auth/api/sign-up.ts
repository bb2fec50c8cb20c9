import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignupInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function signUp(input: SignupInput): Promise<CurrentUser> {
  return (await apiRequest('POST', '/api/auth/signup', input)).json();
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: (user) => queryClient.setQueryData(currentUserQuery.queryKey, user),
  });
}
