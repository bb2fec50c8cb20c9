import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchAlert, SavedSearchView } from '#shared/saved-searches.ts';
import { apiRequest } from '@/lib/api-client';
import { savedSearchesQuery } from './get-saved-searches';

export async function saveSearch(input: { name: string; query: string; alert: SavedSearchAlert }): Promise<SavedSearchView> {
  return (await apiRequest('POST', '/api/saved-searches', input)).json();
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSearch, onSuccess: () => queryClient.invalidateQueries(savedSearchesQuery) });
}
