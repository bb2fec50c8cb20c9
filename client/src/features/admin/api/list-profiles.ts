import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReviewStatus } from '#shared/profile.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

/** A status of the queue, or its lane of approved profiles whose checked facts changed. */
export function useProfileQueue(status: ReviewStatus | 'facts_changed') {
  return useInfiniteQuery(adminListQuery<ReviewItem>('/api/admin/profiles', status === 'facts_changed' ? { lane: status } : { status }));
}
