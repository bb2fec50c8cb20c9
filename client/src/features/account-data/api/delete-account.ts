import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/account/deletion: the account is signed out everywhere at once and erased within a day. */
export async function deleteAccount(input: { password?: string }): Promise<void> {
  await apiRequest('POST', '/api/account/deletion', input);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
