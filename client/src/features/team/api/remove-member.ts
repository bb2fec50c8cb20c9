import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamQuery } from './get-team';

/** DELETE /api/company/members/:userId: out of the company; their sessions end at once. */
export async function removeMember(userId: string): Promise<void> {
  await apiRequest('DELETE', `/api/company/members/${userId}`);
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries(teamQuery) });
}
