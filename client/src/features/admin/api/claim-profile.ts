import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewClaim } from '#shared/admin.ts';
import { REVIEW_CLAIM } from '#shared/constants.ts';
import { postJson } from './admin-list';

export const claimProfile = (id: string) => postJson<ReviewClaim>(`/api/admin/profiles/${id}/claim`);

/**
 * The reviewer's claim on the profile the page shows: taken when the page opens and renewed while it stays open (and
 * visible), answered with a colleague's claim when theirs still runs. Its key is not under /api/admin, so the refetch
 * after a decision does not claim the decided profile again.
 */
export const profileClaimQuery = (id: string) =>
  queryOptions({
    queryKey: ['review-claim', id],
    queryFn: () => claimProfile(id),
    refetchInterval: REVIEW_CLAIM.renewEveryMs,
    staleTime: REVIEW_CLAIM.renewEveryMs,
    retry: false,
  });

export function useProfileClaim(id: string) {
  return useQuery(profileClaimQuery(id));
}
