import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function verifyEmail(token: string): Promise<{ verified: boolean; email: string }> {
  return (await apiRequest('POST', '/api/auth/verify-email', { token })).json();
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
