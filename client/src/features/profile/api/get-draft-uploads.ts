import { queryOptions } from '@tanstack/react-query';
import type { DraftUploads } from '#shared/uploads.ts';
import { apiRequest } from '@/lib/api-client';

/** Which of the CV and video a draft kept are still this person's on the server, and for how long. */
export const draftUploadsQuery = (urls: { cvUrl?: string; videoUrl?: string }) =>
  queryOptions<DraftUploads>({
    queryKey: ['/api/job-seeker/draft-uploads', urls.cvUrl ?? null, urls.videoUrl ?? null],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams();
      if (urls.cvUrl) query.set('cvUrl', urls.cvUrl);
      if (urls.videoUrl) query.set('videoUrl', urls.videoUrl);
      return (await apiRequest('GET', `/api/job-seeker/draft-uploads?${query}`, undefined, { signal })).json();
    },
    // A phone on a weak signal: a failed check is tried again (the uploads stay in the draft until the server says).
    retry: 3,
    refetchOnReconnect: true,
  });
