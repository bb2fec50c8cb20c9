import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function setRole(role: Role): Promise<void> {
  await apiRequest('POST', '/api/auth/set-role', { role });
}

/** The answer is not read; refreshUser() fetches the current user again when the caller is ready to move on. */
export function useSetRole() {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: setRole });
  return { ...mutation, refreshUser: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) };
}
