import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileSubmission } from '#shared/profile.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';

export async function createProfile(input: ProfileSubmission): Promise<OwnProfile> {
  return (await apiRequest('POST', '/api/job-seeker/profile', input)).json();
}

/** On success the current user is fetched again, so routing sees the new profile. */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
