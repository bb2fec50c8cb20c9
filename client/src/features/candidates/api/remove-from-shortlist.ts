import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function removeFromShortlist(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/shortlist/${id}`);
}

export function useRemoveFromShortlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromShortlist,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => ['/api/shortlist', '/api/candidates'].includes(String(q.queryKey[0])) }),
  });
}
