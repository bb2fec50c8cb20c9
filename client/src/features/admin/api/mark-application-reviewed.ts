import type { AdminApplication } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

export const markApplicationReviewed = (id: string) => postJson<AdminApplication>(`/api/admin/career-applications/${id}/reviewed`);

export function useMarkApplicationReviewed() {
  return useAdminAction(markApplicationReviewed);
}
