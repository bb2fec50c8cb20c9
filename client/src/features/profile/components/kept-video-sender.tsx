// Mounted for a signed-in job seeker on every page: goes on sending a video this browser kept from an earlier visit
// (from the server's offset), and refreshes what the page knows of the profile when a video has arrived. Once the
// account has a profile (saved here or on another phone), the draft of the profile form kept here is let go.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQuery, useCurrentUser } from '@/lib/auth';
import { forgetDraft } from '@/lib/kept-video';
import { ownProfileQuery } from '../api/get-own-profile';
import { onVideoArrived, resumeKeptVideo } from '../video-sending';

export default function KeptVideoSender({ userId, title }: { userId: string; title: string }) {
  const queryClient = useQueryClient();
  const hasProfile = Boolean(useCurrentUser().user?.profile);
  useEffect(() => {
    void resumeKeptVideo(userId, title);
  }, [userId, title]);
  useEffect(() => {
    if (hasProfile) forgetDraft(userId, 'new');
  }, [userId, hasProfile]);
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
