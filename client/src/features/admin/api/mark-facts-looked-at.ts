import type { ReviewItem } from '#shared/admin.ts';
import { postJson, useAdminAction } from './admin-list';

/** "Looked at" the facts the job seeker changed, on the version the page shows. */
export const markFactsLookedAt = ({ id, ...body }: { id: string; version: number }) => postJson<ReviewItem>(`/api/admin/profiles/${id}/facts-looked-at`, body);

export function useMarkFactsLookedAt() {
  return useAdminAction(markFactsLookedAt);
}
