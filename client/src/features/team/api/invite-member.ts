import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteMemberInput, TeamInvitation } from '#shared/company-team.ts';
import { apiRequest } from '@/lib/api-client';
import { teamQuery } from './get-team';

/** POST /api/company/invitations: the colleague gets an e-mail with a link that works for 7 days. */
export async function inviteMember(input: InviteMemberInput): Promise<TeamInvitation> {
  return (await apiRequest('POST', '/api/company/invitations', input)).json();
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteMember, onSuccess: () => queryClient.invalidateQueries(teamQuery) });
}
