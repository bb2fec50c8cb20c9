import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '#shared/profile.ts';
import { apiRequest } from '@/lib/api-client';
import { ownProfileQuery } from './get-own-profile';

export async function confirmStillLooking(): Promise<OwnProfile> {
  return (await apiRequest('POST', '/api/job-seeker/profile/still-looking')).json();
}

export function useConfirmStillLooking() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmStillLooking, onSuccess: (profile) => queryClient.setQueryData(ownProfileQuery.queryKey, profile) });
}
