import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyTeam } from '#shared/company-team.ts';

/** GET /api/company/team: the owner, the colleagues, the open invitations and the seats. */
export const teamQuery = queryOptions<CompanyTeam>({ queryKey: ['/api/company/team'] });

export function useTeam() {
  return useQuery(teamQuery);
}
