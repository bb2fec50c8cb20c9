import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileVideo } from '#shared/profile.ts';
import { apiRequest } from '@/lib/api-client';

/** Where the own profile's video stands. Keyed by the video's link, so a new video is asked about afresh. */
export const profileVideoQuery = (videoUrl: string) =>
  queryOptions<{ video: ProfileVideo | null }>({
    queryKey: ['/api/job-seeker/profile/video', videoUrl],
    queryFn: async ({ signal }) => (await apiRequest('GET', '/api/job-seeker/profile/video', undefined, { signal })).json(),
    // Asked again while the video is being made playable: it is ready in a minute or two.
    refetchInterval: (query) => (query.state.data?.video?.status === 'processing' ? 5000 : false),
  });

export function useProfileVideo(videoUrl: string) {
  return useQuery(profileVideoQuery(videoUrl));
}
