import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShortlistEntry } from '#shared/candidates.ts';
import { apiRequest } from '@/lib/api-client';

export async function saveToShortlist(input: { id: string; note?: string }): Promise<ShortlistEntry> {
  return (await apiRequest('PUT', `/api/shortlist/${input.id}`, { note: input.note ?? '' })).json();
}

/** Saving changes the shortlist, the candidate's page and the cards' saved marks. */
export function useSaveToShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveToShortlist,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => ['/api/shortlist', '/api/candidates'].includes(String(q.queryKey[0])) }),
  });
}
