import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchAlert, SavedSearchView } from '#shared/saved-searches.ts';
import { apiRequest } from '@/lib/api-client';
import { savedSearchesQuery } from './get-saved-searches';

export async function updateSavedSearch(input: { id: string; name?: string; alert?: SavedSearchAlert }): Promise<SavedSearchView> {
  const { id, ...changes } = input;
  return (await apiRequest('PATCH', `/api/saved-searches/${id}`, changes)).json();
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSavedSearch, onSuccess: () => queryClient.invalidateQueries(savedSearchesQuery) });
}
