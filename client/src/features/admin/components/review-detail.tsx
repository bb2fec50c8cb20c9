// One profile under review, laid out for a reviewer who goes through the queue: the video (playing muted at once)
// and the CV side by side at the top, then the fields and the hiring facts; the decision panel stays in view beside
// them. "Approve & next" and "Reject & next" lead to the next pending profile; every action has a key (the "?" list).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { REJECTION_REASONS, REVIEWED_FIELDS, rejectProfileSchema, type RejectionReason, type ReviewedField } from '#shared/profile.ts';
import { factValue, hasFact, type VerifiableFact } from '#shared/hiring-facts.ts';
import { isLocale, LOCALE_NAMES } from '#shared/locales.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useOptionText } from '@/lib/option-text';
import { translateValidation } from '@/lib/validation-message';
import { cn } from '@/lib/utils';
import { useApproveProfile } from '../api/approve-profile';
import { reviewProfileQuery } from '../api/get-profile';
import { reviewNeighboursQuery, useReviewNeighbours } from '../api/get-neighbours';
import { useRejectProfile } from '../api/reject-profile';
import { useVerifyFact } from '../api/verify-fact';
import { when } from './paged-list';
import { Key, ShortcutsDialog, useReviewShortcuts } from './review-shortcuts';
import { ClaimBanner } from './claim-banner';
import { FactsChangedNotice } from './facts-changed-notice';
import { ReviewHistory } from './review-history';
import { HiringFactsReview } from './review-hiring-facts';
import { CvCard, VideoCard } from './review-media';
import { PLAYBACK_SPEEDS, useRememberedSpeed } from './review-playback-speed';

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined || value === '' ? '—' : String(value));

function Row({ label, children, changed }: { label: string; children: ReactNode; changed?: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">
        {children}
        {changed}
      </dd>
    </div>
  );
}

type RejectForm = z.input<typeof rejectProfileSchema>;

export function ReviewDetail({ profile }: { profile: ReviewItem }) {
  const { t, i18n } = useTranslation('admin');
  const { optionText, optionListText } = useOptionText();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const approve = useApproveProfile();
  const reject = useRejectProfile();
  const verify = useVerifyFact();
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
  const changedFields = REVIEWED_FIELDS.filter(changed);
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
    approve.mutate({ id: profile.id, version: profile.version }, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('review.approved', { name: profile.fullName }) });
        void goToNext();
      },
      onError: failed,
    });
  };

  const onReject = form.handleSubmit((decision) => {
    if (!canReject) return;
    reject.mutate(
      { id: profile.id, reasons: decision.reasons, ...(decision.note ? { note: decision.note } : {}), version: profile.version },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('review.rejected', { name: profile.fullName }) });
          void goToNext();
        },
        onError: failed,
      },
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

  /** The value before this change, option codes in the reader's language. */
  const shownBefore = (field: ReviewedField) => {
    const value = previous?.[field];
    if (field === 'location' && typeof value === 'string') return optionText('locations', value);
    if ((field === 'industries' || field === 'languages') && Array.isArray(value)) return optionListText(field, value as string[]);
    return show(value);
  };

  const was = (field: ReviewedField) =>
    changed(field) ? (
      <span className="mt-1 block text-sm text-amber-900">
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold">{t('review.changed')}</span> {t('review.was', { value: shownBefore(field) })}
      </span>
    ) : null;

  const language = isLocale(profile.locale) ? profile.locale : 'en';
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' }).of(language) ?? language;
  const chosenReasons = useWatch({ control: form.control, name: 'reasons' }) ?? [];
  const reasonsError = form.formState.errors.reasons;

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
        <Card className="p-5" role="region" aria-labelledby="review-fields-title">
          <h2 id="review-fields-title" className="font-semibold text-slate-900">{t('review.details')}</h2>
          <p className="mt-1 text-sm text-slate-600">
            {t(`review.status.${profile.reviewStatus}`)} · {t('review.submitted', { when: when(profile.submittedAt, i18n.language) })} · <bdi dir="ltr" className="break-all">{profile.email}</bdi>
          </p>
          {changedFields.length > 0 && <p className="mt-2 font-medium text-amber-900">{t('review.changedSince', { count: changedFields.length })}</p>}
          <dl className="mt-3 divide-y divide-slate-100">
            <Row label={t('fields.fullName')} changed={was('fullName')}>{profile.fullName}</Row>
            <Row label={t('fields.phone')} changed={was('phone')}><span dir="ltr">{profile.phone}</span></Row>
            <Row label={t('fields.location')} changed={was('location')}>{optionText('locations', profile.location)}</Row>
            <Row label={t('fields.years')} changed={was('yearsOfExperience')}>{show(profile.yearsOfExperience)}</Row>
            <Row label={t('fields.industries')} changed={was('industries')}>{optionListText('industries', profile.industries)}</Row>
            <Row label={t('fields.languages')} changed={was('languages')}>{optionListText('languages', profile.languages)}</Row>
            <Row label={t('fields.bio')} changed={was('bio')}><span className="whitespace-pre-line">{show(profile.bio)}</span></Row>
            <Row label={t('fields.visibility')}>{t(`fields.visibilityValue.${profile.visibility}`)}</Row>
          </dl>
          {(profile.reviewReasons.length > 0 || profile.reviewNote) && (
            <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
              {profile.reviewReasons.length > 0 && <p>{t('review.lastReasons', { reasons: profile.reviewReasons.map((reason) => t(`reasons.${reason}`)).join('; ') })}</p>}
              {profile.reviewNote && <p>{t('review.lastNote', { note: profile.reviewNote })}</p>}
            </div>
          )}
        </Card>
        <HiringFactsReview profile={profile} onToggle={toggleFact} busy={verify.isPending} />
        <ReviewHistory profileId={profile.id} />
      </div>

      <aside aria-labelledby="review-decision-title" className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
        <Card className="space-y-4 p-4">
          <div>
            <h2 id="review-decision-title" className="font-semibold text-slate-900">{t('review.decision')}</h2>
            <p className="mt-1 text-sm text-slate-700">
              {t('review.language')}{' '}
              <span className="font-semibold">
                {languageName} (<bdi lang={language}>{LOCALE_NAMES[language]}</bdi>)
              </span>
            </p>
          </div>
          <Button size="lg" className="w-full" disabled={!canApprove} onClick={onApprove} aria-keyshortcuts="A">
            {approve.isPending && <Spinner />}
            {t('review.approveNext')}
            <Key>A</Key>
          </Button>
          <form className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={onReject}>
            <fieldset aria-describedby={reasonsError ? 'reject-reasons-error' : undefined}>
              <legend className="text-sm font-medium text-slate-800">{t('review.reasons')}</legend>
              <ul className="mt-2 space-y-1">
                {REJECTION_REASONS.map((reason, index) => (
                  <li key={reason}>
                    <label className={cn('flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm', chosenReasons.includes(reason) ? 'bg-red-50 text-red-950' : 'hover:bg-slate-50')}>
                      <input type="checkbox" value={reason} aria-keyshortcuts={String(index + 1)} className="mt-0.5 h-4 w-4 shrink-0 accent-red-700" {...form.register('reasons')} />
                      <span className="flex-1">{t(`reasons.${reason as RejectionReason}`)}</span>
                      <Key>{String(index + 1)}</Key>
                    </label>
                  </li>
                ))}
              </ul>
              {reasonsError && (
                <p id="reject-reasons-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                  {translateValidation(t, reasonsError.message ?? reasonsError.root?.message)}
                </p>
              )}
            </fieldset>
            <Field label={t('review.note')} hint={t('review.noteHint')} error={translateValidation(t, form.formState.errors.note?.message)}>
              {(ids) => <Textarea {...ids} rows={3} maxLength={1000} className="min-h-20" {...form.register('note')} />}
            </Field>
            <Button type="submit" variant="outline" className="w-full" disabled={!canReject} aria-keyshortcuts="R">
              {reject.isPending && <Spinner />}
              {t('review.rejectNext')}
              <Key>R</Key>
            </Button>
          </form>
          <div className="flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
            <Button variant="ghost" size="sm" disabled={!neighbours.data?.previous} onClick={() => go(neighbours.data?.previous)} aria-keyshortcuts="P">
              {t('review.previous')}
              <Key>P</Key>
            </Button>
            <Button variant="ghost" size="sm" disabled={!neighbours.data?.next} onClick={() => go(neighbours.data?.next)} aria-keyshortcuts="N">
              {t('review.next')}
              <Key>N</Key>
            </Button>
          </div>
        </Card>
      </aside>
      <ShortcutsDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
