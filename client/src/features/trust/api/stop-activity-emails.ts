import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/activity-emails/stop: the weekly e-mail's one-click stop, signed in or not. */
export async function stopActivityEmails(token: string): Promise<void> {
  await apiRequest('POST', '/api/activity-emails/stop', { token });
}

export function useStopActivityEmails() {
  return useMutation({ mutationFn: stopActivityEmails });
}
