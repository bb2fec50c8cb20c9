import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/job-seeker/activity-emails: the weekly e-mail of who looked at the profile, on or off. */
export async function setActivityEmails(on: boolean): Promise<{ activityEmails: boolean }> {
  return (await apiRequest('PUT', '/api/job-seeker/activity-emails', { on })).json();
}

export function useSetActivityEmails() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setActivityEmails, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/job-seeker/profile'] }) });
}
