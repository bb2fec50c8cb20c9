import type { ReviewItem } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

export const rejectProfile = (input: { id: string; reason: string }) => postJson<ReviewItem>(`/api/admin/profiles/${input.id}/reject`, { reason: input.reason });

export function useRejectProfile() {
  return useAdminAction(rejectProfile);
}
