import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewItem } from '#shared/admin.ts';

export const reviewProfileQuery = (id: string) =>
  queryOptions<ReviewItem>({
    queryKey: ['/api/admin/profiles', id],
    // Asked again while the video is being made playable, so the reviewer can watch it as soon as it is ready.
    refetchInterval: (query) => (query.state.data?.video?.status === 'processing' ? 5000 : false),
  });

export function useReviewProfile(id: string) {
  return useQuery(reviewProfileQuery(id));
}
