// Every console list is a keyset-paged GET: one shape of infinite query for all of them.
import { infiniteQueryOptions, keepPreviousData, useMutation, useQueryClient, type MutationFunction } from '@tanstack/react-query';
import type { Page } from '#shared/admin.ts';
import { apiRequest } from '@/lib/api-client';

export type ListParams = Record<string, string | undefined>;

export function adminListQuery<T>(path: string, params: ListParams) {
  return infiniteQueryOptions({
    queryKey: [path, 'list', params],
    queryFn: async ({ pageParam }): Promise<Page<T>> => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
      if (pageParam) query.set('cursor', pageParam);
      return (await apiRequest('GET', `${path}?${query}`)).json();
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
    // A new search or filter keeps the list it replaces in view (dimmed, by PagedList) until its own first page has
    // come, rather than a skeleton at every pause in typing.
    placeholderData: keepPreviousData,
  });
}

/**
 * An admin action: afterwards every console query is fetched again (counts, lists and details all move), after a
 * refusal too, so the page shows what a colleague or the job seeker changed meanwhile.
 */
export function useAdminAction<TVariables, TResult>(mutationFn: MutationFunction<TResult, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Not awaited: the caller's callbacks (toasts, the next profile) follow the answer at once. Awaited, they would
    // wait for every console list to be read again, by when the form that asked may be gone and its callbacks with it.
    onSettled: () => void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin') }),
  });
}

export const postJson = async <T>(url: string, body?: unknown): Promise<T> => (await apiRequest('POST', url, body)).json();
