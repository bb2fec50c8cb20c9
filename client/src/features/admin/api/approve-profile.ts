import type { ReviewItem } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

export const approveProfile = (id: string) => postJson<ReviewItem>(`/api/admin/profiles/${id}/approve`);

export function useApproveProfile() {
  return useAdminAction(approveProfile);
}
