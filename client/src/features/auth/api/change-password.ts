import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '#shared/auth.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/password: the other devices are signed out; this one stays signed in. */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  await apiRequest('POST', '/api/auth/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
