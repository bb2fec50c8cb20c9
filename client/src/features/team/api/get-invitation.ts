import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationPreview } from '#shared/company-team.ts';
import { apiRequest } from '@/lib/api-client';

/** POST /api/invitations/preview: who invites whom to which company, while the link can be used. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return (await apiRequest('POST', '/api/invitations/preview', { token })).json();
}

export const invitationQuery = (token: string) =>
  queryOptions({ queryKey: ['/api/invitations/preview', token], queryFn: () => previewInvitation(token), retry: false });

export function useInvitation(token: string) {
  return useQuery(invitationQuery(token));
}
