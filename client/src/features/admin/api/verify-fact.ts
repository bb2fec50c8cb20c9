import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewItem } from '#shared/admin.ts';
import type { FactValue, VerifiableFact } from '#shared/hiring-facts.ts';
import { postJson } from './admin-list';

/** A mark names the value the page shows; the server refuses it (409) if the job seeker changed it since. */
export const verifyFact = ({ id, fact, verified, value }: { id: string; fact: VerifiableFact; verified: boolean; value: FactValue | null }) =>
  postJson<ReviewItem>(`/api/admin/profiles/${id}/facts/${fact}`, verified ? { verified, value } : { verified });

/** Either way the profile is read again: after a refusal the page shows the value as it is now. */
export function useVerifyFact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyFact,
    onSettled: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') }),
  });
}
