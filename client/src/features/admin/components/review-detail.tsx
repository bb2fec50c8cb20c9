// One profile under review, laid out for a reviewer who goes through the queue: the video (playing muted at once)
// and the CV side by side at the top, then the fields and the hiring facts; the decision panel stays in view beside
// them. "Approve & next" and "Reject & next" lead to the next pending profile; every action has a key (the "?" list).
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { REJECTION_REASONS, rejectProfileSchema, type ReviewedField } from '#shared/profile.ts';
import { factValue, hasFact, type VerifiableFact } from '#shared/hiring-facts.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useApproveProfile } from '../api/approve-profile';
import { reviewProfileQuery } from '../api/get-profile';
import { reviewNeighboursQuery, useReviewNeighbours } from '../api/get-neighbours';
import { useRejectProfile } from '../api/reject-profile';
import { useVerifyFact } from '../api/verify-fact';
import { ShortcutsDialog, useReviewShortcuts } from './review-shortcuts';
import { ClaimBanner } from './claim-banner';
import { FactsChangedNotice } from './facts-changed-notice';
import { ReviewHistory } from './review-history';
import { ReviewDecisionPanel, type RejectForm } from './review-decision-panel';
import { ReviewFields } from './review-fields';
import { HiringFactsReview } from './review-hiring-facts';
import { CvCard, VideoCard } from './review-media';
import { PLAYBACK_SPEEDS, useRememberedSpeed } from './review-playback-speed';

export function ReviewDetail({ profile }: { profile: ReviewItem }) {
  const { t } = useTranslation('admin');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const approve = useApproveProfile();
  const reject = useRejectProfile();
  const verify = useVerifyFact();
  // One decision at a time: a second tap (or key) before the first is answered would decide again, refused as stale.
  const decideOnce = useSendOnce();
  const neighbours = useReviewNeighbours(profile.id);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const [speed, setSpeed] = useRememberedSpeed();
  const [helpOpen, setHelpOpen] = useState(false);
  const form = useForm<RejectForm, unknown, z.output<typeof rejectProfileSchema>>({
    resolver: zodResolver(rejectProfileSchema),
    defaultValues: { reasons: [], note: '' },
  });

  const previous = profile.lastReviewedValues;
  const changed = (field: ReviewedField) => previous !== null && JSON.stringify(previous[field] ?? null) !== JSON.stringify(profile[field] ?? null);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('review.failed'), description: errorMessage(error, t('review.failed')) });
  const busy = approve.isPending || reject.isPending;
  const canApprove = !busy && profile.reviewStatus !== 'approved' && profile.reviewStatus !== 'suspended';
  const canReject = !busy && profile.reviewStatus !== 'rejected' && profile.reviewStatus !== 'suspended';

  // The speed holds from one profile to the next: a new video starts at the default rate, so it is set again.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.defaultPlaybackRate = speed;
    video.playbackRate = speed;
  }, [speed, profile.videoUrl, profile.video?.status]);

  // The next profile is loaded while this one is watched, so the decision leads to it at once.
  const nextId = neighbours.data?.next;
  useEffect(() => {
    if (nextId) void queryClient.prefetchQuery(reviewProfileQuery(nextId));
  }, [nextId, queryClient]);

  /** After a decision: the pending profile after this one, asked again (a colleague may have decided it meanwhile). */
  const goToNext = async () => {
    try {
      const { next } = await queryClient.fetchQuery({ ...reviewNeighboursQuery(profile.id), staleTime: 0 });
      // After the last one the queue says it is clear.
      navigate(next ? `/admin/review/${next}` : '/admin/review');
    } catch {
      navigate('/admin/review');
    }
  };

  const onApprove = () => {
    if (!canApprove) return;
    void decideOnce(() =>
      approve.mutateAsync({ id: profile.id, version: profile.version }, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('review.approved', { name: profile.fullName }) });
          void goToNext();
        },
        onError: failed,
      }),
    );
  };

  const onReject = form.handleSubmit((decision) => {
    if (!canReject) return;
    return decideOnce(() =>
      reject.mutateAsync(
        { id: profile.id, reasons: decision.reasons, ...(decision.note ? { note: decision.note } : {}), version: profile.version },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: t('review.rejected', { name: profile.fullName }) });
            void goToNext();
          },
          onError: failed,
        },
      ),
    );
  });

  const toggleFact = (fact: VerifiableFact) => {
    if (verify.isPending || !hasFact(profile, fact)) return;
    const mark = profile.factVerifications[fact];
    verify.mutate({ id: profile.id, fact, verified: !mark, value: factValue(profile, fact) }, { onError: failed });
  };

  const toggleReason = (index: number) => {
    const reason = REJECTION_REASONS[index]!;
    const chosen = form.getValues('reasons') ?? [];
    form.setValue('reasons', chosen.includes(reason) ? chosen.filter((r) => r !== reason) : [...chosen, reason], {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const go = (id: string | null | undefined) => id && navigate(`/admin/review/${id}`);
  /** A key pressed before the neighbours have arrived waits for them rather than being lost. */
  const goTo = (side: 'next' | 'previous') =>
    void queryClient.fetchQuery(reviewNeighboursQuery(profile.id)).then((found) => go(found[side]), () => {});

  useReviewShortcuts({
    approve: onApprove,
    reject: () => void onReject(),
    next: () => goTo('next'),
    previous: () => goTo('previous'),
    playPause: () => {
      const video = videoRef.current;
      if (video) void (video.paused ? video.play().catch(() => {}) : video.pause());
    },
    toggleSound: () => setMuted((value) => !value),
    nextSpeed: () => setSpeed(PLAYBACK_SPEEDS[(PLAYBACK_SPEEDS.indexOf(speed as (typeof PLAYBACK_SPEEDS)[number]) + 1) % PLAYBACK_SPEEDS.length]!),
    toggleReason,
    toggleFact,
    help: () => setHelpOpen(true),
  });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
      <div className="min-w-0 space-y-6">
        <ClaimBanner profileId={profile.id} />
        <FactsChangedNotice profile={profile} />
        <div className="grid gap-6 xl:grid-cols-2">
          <VideoCard
            profile={profile}
            changed={changed('videoUrl')}
            videoRef={videoRef}
            muted={muted}
            onToggleSound={() => setMuted((value) => !value)}
            speed={speed}
            onSpeed={setSpeed}
            onHelp={() => setHelpOpen(true)}
          />
          <CvCard profile={profile} changed={changed('cvUrl')} />
        </div>
        <ReviewFields profile={profile} changed={changed} />
        <HiringFactsReview profile={profile} onToggle={toggleFact} busy={verify.isPending} />
        <ReviewHistory profileId={profile.id} />
      </div>

      <ReviewDecisionPanel
        profile={profile}
        form={form}
        canApprove={canApprove}
        approving={approve.isPending}
        onApprove={onApprove}
        canReject={canReject}
        rejecting={reject.isPending}
        onReject={onReject}
        neighbours={neighbours.data}
        go={go}
      />
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
