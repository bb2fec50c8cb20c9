// Mounted for a signed-in job seeker on every page: goes on sending a video this browser kept from an earlier visit
// (from the server's offset), and refreshes what the page knows of the profile when a video has arrived.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '@/lib/auth';
import { ownProfileQuery } from '../api/get-own-profile';
import { onVideoArrived, resumeKeptVideo } from '../video-sending';

export default function KeptVideoSender({ userId, title }: { userId: string; title: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    void resumeKeptVideo(userId, title);
  }, [userId, title]);
  useEffect(
    () =>
      onVideoArrived(() => {
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
        void queryClient.invalidateQueries({ queryKey: ownProfileQuery.queryKey });
      }),
    [queryClient],
  );
  return null;
}
