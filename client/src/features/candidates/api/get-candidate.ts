import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CandidateDetail } from '#shared/candidates.ts';

export const candidateQuery = (id: string) => queryOptions<CandidateDetail>({ queryKey: ['/api/candidates', id] });

export function useCandidate(id: string) {
  return useQuery(candidateQuery(id));
}
