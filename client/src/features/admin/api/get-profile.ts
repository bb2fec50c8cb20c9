import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewItem } from '#shared/admin.ts';

export const reviewProfileQuery = (id: string) => queryOptions<ReviewItem>({ queryKey: ['/api/admin/profiles', id] });

export function useReviewProfile(id: string) {
  return useQuery(reviewProfileQuery(id));
}
