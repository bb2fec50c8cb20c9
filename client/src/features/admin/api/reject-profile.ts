import type { ReviewItem } from '#shared/admin.ts';
import type { RejectProfileInput } from '#shared/profile.ts';
import { postJson, useAdminAction } from './admin-list';

/** Reasons from the list (codes the job seeker reads in their language) and the reviewer's optional note. */
export const rejectProfile = ({ id, ...decision }: RejectProfileInput & { id: string }) =>
  postJson<ReviewItem>(`/api/admin/profiles/${id}/reject`, decision);

export function useRejectProfile() {
  return useAdminAction(rejectProfile);
}
