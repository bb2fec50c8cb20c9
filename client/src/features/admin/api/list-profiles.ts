import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '#shared/profile.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useProfileQueue(status: ReviewStatus) {
  return useInfiniteQuery(adminListQuery<ReviewItem>('/api/admin/profiles', { status }));
}
