import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminVideoJob } from '#shared/admin.ts';
import { adminListQuery } from './admin-list';

export function useVideoJobList(params: { state?: string }) {
  return useInfiniteQuery(adminListQuery<AdminVideoJob>('/api/admin/videos', params));
}
