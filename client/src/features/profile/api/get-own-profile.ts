import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '#shared/profile.ts';

// The default fetcher requests the key joined with '/'.
export const ownProfileQuery = queryOptions<OwnProfile>({ queryKey: ['/api/job-seeker/profile'] });

export function useOwnProfile() {
  return useQuery(ownProfileQuery);
}
