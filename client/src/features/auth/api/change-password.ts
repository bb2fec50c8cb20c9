import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/auth';
import type { ChangePasswordInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/password: the other devices are signed out; this one stays signed in. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('POST', '/api/auth/password', input);
}

/** The current user is read again: an account that had no password now has one to give next time. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  // Not awaited: the caller's callbacks (the toast) follow the answer at once, not the reading of the user.
  return useMutation({ mutationFn: changePassword, onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) });
}
