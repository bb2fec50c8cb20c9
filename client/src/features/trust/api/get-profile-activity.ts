import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '#shared/admin.ts';
import type { ProfileActivityItem } from '#shared/employers.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/job-seeker/activity: what companies did with the profile, newest first, a page at a time. */
export async function getProfileActivity(cursor: string | null): Promise<Page<ProfileActivityItem>> {
  const query = new URLSearchParams({ limit: '10', ...(cursor ? { cursor } : {}) });
  return (await apiRequest('GET', `/api/job-seeker/activity?${query}`)).json();
}

export const profileActivityQuery = infiniteQueryOptions({
  queryKey: ['/api/job-seeker/activity'],
  queryFn: ({ pageParam }) => getProfileActivity(pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor,
});

export function useProfileActivity() {
  return useInfiniteQuery(profileActivityQuery);
}
