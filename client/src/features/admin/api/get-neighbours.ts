import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewNeighbours } from '#shared/admin.ts';

/** The pending profiles before and after this one in the queue (where "next", "previous" and a decision lead). */
export const reviewNeighboursQuery = (id: string) =>
  queryOptions<ReviewNeighbours>({ queryKey: ['/api/admin/profiles', id, 'neighbours'] });

export function useReviewNeighbours(id: string) {
  return useQuery(reviewNeighboursQuery(id));
}
