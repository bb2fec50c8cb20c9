import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { teamQuery } from './get-team';

/** DELETE /api/company/invitations/:id: the link stops working and the seat is free again. */
export async function revokeInvitation(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/company/invitations/${id}`);
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => queryClient.invalidateQueries(teamQuery) });
}
