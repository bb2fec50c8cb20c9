import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberRole } from '#shared/company-team.ts';
import { apiRequest } from '@/lib/api-client';
import { teamQuery } from './get-team';

/** POST /api/company/members/:userId/role: an admin also sees and pays the bills. */
export async function setMemberRole({ userId, role }: { userId: string; role: MemberRole }): Promise<void> {
  await apiRequest('POST', `/api/company/members/${userId}/role`, { role });
}

export function useSetMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setMemberRole, onSuccess: () => queryClient.invalidateQueries(teamQuery) });
}
