import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { savedSearchesQuery } from './get-saved-searches';

export async function deleteSavedSearch(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/saved-searches/${id}`);
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSavedSearch, onSuccess: () => queryClient.invalidateQueries(savedSearchesQuery) });
}
