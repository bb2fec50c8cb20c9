import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/sessions/end-others: every other device of the account is signed out. */
export async function endOtherSessions(): Promise<void> {
  await apiRequest('POST', '/api/auth/sessions/end-others');
}

export function useEndOtherSessions() {
  return useMutation({ mutationFn: endOtherSessions });
}
