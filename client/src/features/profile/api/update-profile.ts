import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileSubmission, ProfileVisibility } from '#shared/profile.ts';
import { apiRequest } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/auth';
import { ownProfileQuery } from './get-own-profile';

export async function updateProfile(input: ProfileSubmission | { visibility: ProfileVisibility }): Promise<OwnProfile> {
  return (await apiRequest('PATCH', '/api/job-seeker/profile', input)).json();
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileQuery.queryKey, profile);
      // The current user carries the profile and its review status, which routing reads.
      return queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
    },
  });
}
