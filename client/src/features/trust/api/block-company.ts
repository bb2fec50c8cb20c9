import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/job-seeker/blocks/:companyId, or DELETE to unblock. */
export async function setCompanyBlocked({ companyId, blocked }: { companyId: string; blocked: boolean }): Promise<void> {
  await apiRequest(blocked ? 'PUT' : 'DELETE', `/api/job-seeker/blocks/${companyId}`);
}

/** The lists that show a company's block read it again. */
export function useSetCompanyBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCompanyBlocked,
    onSuccess: () =>
      Promise.all(
        ['/api/job-seeker/blocks', '/api/job-seeker/activity', '/api/employers'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
