import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailConfirmationAnswer } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

/** With the sign-up password or a new one, once the link asked for one (docs/decisions/0016). */
export async function verifyEmail(input: { token: string; password?: string; currentPassword?: string }): Promise<EmailConfirmationAnswer> {
  return (await apiRequest('POST', '/api/auth/verify-email', input)).json();
}

/** A confirmation may sign this page in (with a password): who is signed in is read again. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: (answer) => (answer.verified ? queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) : undefined),
  });
}
