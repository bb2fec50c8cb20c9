import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '#shared/constants.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function setRole(role: Role): Promise<void> {
  await apiRequest('POST', '/api/auth/set-role', { role });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    // The answer is not read (SPEC 7): the current user is fetched again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
