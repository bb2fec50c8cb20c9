import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionView } from '#shared/sessions.ts';
import { apiRequest } from '@/lib/api-client';

/** GET /api/auth/sessions: the devices the account is signed in on, this one first. */
export const sessionsQuery = queryOptions<{ items: SessionView[] }>({
  queryKey: ['/api/auth/sessions'],
  queryFn: async () => (await apiRequest('GET', '/api/auth/sessions')).json(),
});

export function useSessions() {
  return useQuery(sessionsQuery);
}
