import type { ReviewItem } from '#shared/admin.ts';
import type { RejectProfileInput } from '#shared/profile.ts';
import { postJson, useAdminAction } from './admin-list';

/** Reasons from the list (codes the job seeker reads in their language) and the reviewer's optional note, on the
 *  version of the profile the page shows, as approving. */
export const rejectProfile = ({ id, ...body }: RejectProfileInput & { id: string; version: number }) =>
  postJson<ReviewItem>(`/api/admin/profiles/${id}/reject`, body);

export function useRejectProfile() {
  return useAdminAction(rejectProfile);
}
