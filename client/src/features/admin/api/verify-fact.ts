import type { ReviewItem } from '#shared/admin.ts';
import type { VerifiableFact } from '#shared/hiring-facts.ts';
import { postJson, useAdminAction } from './admin-list';

export const verifyFact = ({ id, fact, verified }: { id: string; fact: VerifiableFact; verified: boolean }) =>
  postJson<ReviewItem>(`/api/admin/profiles/${id}/facts/${fact}`, { verified });

export function useVerifyFact() {
  return useAdminAction(verifyFact);
}
