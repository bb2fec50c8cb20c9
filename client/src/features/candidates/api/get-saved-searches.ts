import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearchView } from '#shared/saved-searches.ts';

export const savedSearchesQuery = queryOptions<{ items: SavedSearchView[] }>({ queryKey: ['/api/saved-searches'] });

export function useSavedSearches() {
  return useQuery(savedSearchesQuery);
}
