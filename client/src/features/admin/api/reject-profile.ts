import type { ReviewItem } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

/** On the version of the profile the page shows, as approving. */
export const rejectProfile = ({ id, ...body }: { id: string; reason: string; version: number }) => postJson<ReviewItem>(`/api/admin/profiles/${id}/reject`, body);

export function useRejectProfile() {
  return useAdminAction(rejectProfile);
}
