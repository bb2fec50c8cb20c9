import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionsQuery } from './list-sessions';

/** DELETE /api/auth/sessions/:id: that device is signed out at once. */
export async function endSession(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`);
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries(sessionsQuery) });
}
