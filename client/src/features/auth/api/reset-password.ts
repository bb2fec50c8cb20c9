import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function resetPassword(input: { token: string; password: string }): Promise<{ message: string }> {
  return (await apiRequest('POST', '/api/auth/reset-password', input)).json();
}

/** The reset ends every session of the account, this page's too if it was signed in to it: who is signed in is read again. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
