import type { ReviewItem } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

/** On the version of the profile the page shows: a changed profile is refused (409) and the page reads it again. */
export const approveProfile = ({ id, ...body }: { id: string; version: number }) => postJson<ReviewItem>(`/api/admin/profiles/${id}/approve`, body);

export function useApproveProfile() {
  return useAdminAction(approveProfile);
}
