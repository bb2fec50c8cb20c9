import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

/** POST /api/invitations/accept: the signed-in account joins the company. */
export async function acceptInvitation(token: string): Promise<{ companyName: string }> {
  return (await apiRequest('POST', '/api/invitations/accept', { token })).json();
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }) });
}
