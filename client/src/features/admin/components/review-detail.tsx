// One profile under review: every field, the video and the CV, what changed since the last review, and the
// decision (Approve, or Reject with a reason the job seeker reads).
import { useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { REVIEWED_FIELDS, type ReviewedField } from '#shared/profile.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { VideoPlayer } from '@/components/ui/video-player';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useApproveProfile } from '../api/approve-profile';
import { useRejectProfile } from '../api/reject-profile';
import { useVerifyFact } from '../api/verify-fact';
import { factValue, hasFact, VERIFIABLE_FACTS } from '#shared/hiring-facts.ts';
import { HiringFactList } from '@/components/hiring-facts/hiring-fact-list';
import type { ReviewItem } from '#shared/admin.ts';
import { when } from './paged-list';
import { useOptionText } from '@/lib/option-text';
import { ClaimBanner } from './claim-banner';
import { FactsChangedNotice } from './facts-changed-notice';
import { ReviewHistory } from './review-history';

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined || value === '' ? '—' : String(value));

function Row({ label, children, changed }: { label: string; children: ReactNode; changed?: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">
        {children}
        {changed}
      </dd>
    </div>
  );
}

/** The hiring facts as the job seeker declared them, each verifiable one with its verify button and who verified it. */
function HiringFactsReview({ profile }: { profile: ReviewItem }) {
  const { t, i18n } = useTranslation('admin');
  const verify = useVerifyFact();
  const verified = VERIFIABLE_FACTS.filter((fact) => profile.factVerifications[fact]);
  return (
    <Card className="p-5" role="region" aria-labelledby="hiring-facts-title">
      <h2 id="hiring-facts-title" className="font-semibold text-slate-900">{t('facts.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('facts.intro')}</p>
      <div className="mt-4">
        <HiringFactList
          facts={profile}
          verified={verified}
          action={(fact) => {
            if (!hasFact(profile, fact)) return null;
            const mark = profile.factVerifications[fact];
            return (
              <>
                {mark && <span className="text-xs font-normal text-slate-600">{t('facts.verifiedBy', { who: mark.byEmail ?? '—', when: when(mark.at, i18n.language) })}</span>}
                <Button
                  size="sm"
                  variant={mark ? 'outline' : 'secondary'}
                  disabled={verify.isPending}
                  onClick={() =>
                    verify.mutate(
                      { id: profile.id, fact, verified: !mark, value: factValue(profile, fact) },
                      { onError: (error) => toast({ variant: 'destructive', title: t('review.failed'), description: errorMessage(error, t('review.failed')) }) },
                    )
                  }
                >
                  {mark ? t('facts.unverify', { fact: t(`facts.name.${fact}`) }) : t('facts.verify', { fact: t(`facts.name.${fact}`) })}
                </Button>
              </>
            );
          }}
        />
      </div>
    </Card>
  );
}

export function ReviewDetail({ profile }: { profile: ReviewItem }) {
  const { t, i18n } = useTranslation('admin');
  const { optionText, optionListText } = useOptionText();
  const [, navigate] = useLocation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const approve = useApproveProfile();
  const reject = useRejectProfile();
  const previous = profile.lastReviewedValues;
  const changed = (field: ReviewedField) => previous !== null && JSON.stringify(previous[field] ?? null) !== JSON.stringify(profile[field] ?? null);
  const changedFields = REVIEWED_FIELDS.filter(changed);
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('review.failed'), description: errorMessage(error, t('review.failed')) });
  const busy = approve.isPending || reject.isPending;

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

  return (
    <div className="grid gap-6 xl:grid-cols-5">
      <div className="space-y-6 xl:col-span-3">
        <ClaimBanner profileId={profile.id} />
        <FactsChangedNotice profile={profile} />
        <Card className="p-5">
          <p className="text-sm text-slate-600">
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
          {profile.reviewNote && <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">{t('review.lastNote', { note: profile.reviewNote })}</p>}
        </Card>
        <HiringFactsReview profile={profile} />
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('review.video')}{changed('videoUrl') && <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t('review.changed')}</span>}</h2>
          <div className="mt-3">
            {!profile.videoUrl ? (
              '—'
            ) : profile.video?.status === 'processing' ? (
              <p role="status" className="rounded-xl bg-slate-100 p-4 text-sm text-slate-800">{t('review.videoProcessing')}</p>
            ) : profile.video?.status === 'failed' ? (
              <p role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">{t('review.videoFailed')}</p>
            ) : (
              <VideoPlayer src={profile.videoUrl} poster={profile.video?.posterUrl} title={t('review.videoTitle', { name: profile.fullName })} />
            )}
          </div>
          <h2 className="mt-5 font-semibold text-slate-900">{t('review.cv')}{changed('cvUrl') && <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t('review.changed')}</span>}</h2>
          {profile.cvUrl && (
            <a href={profile.cvUrl} download className={buttonClasses({ variant: 'secondary', className: 'mt-3' })}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t('review.downloadCv')}
            </a>
          )}
        </Card>
        <ReviewHistory profileId={profile.id} />
      </div>
      <div className="xl:col-span-2">
        <Card className="space-y-5 p-5 xl:sticky xl:top-24">
          <h2 className="font-semibold text-slate-900">{t('review.decision')}</h2>
          <Button
            size="lg"
            className="w-full"
            disabled={busy || profile.reviewStatus === 'approved' || profile.reviewStatus === 'suspended'}
            onClick={() =>
              approve.mutate({ id: profile.id, version: profile.version }, {
                onSuccess: () => {
                  toast({ variant: 'success', title: t('review.approved', { name: profile.fullName }) });
                  navigate('/admin/review');
                },
                onError: failed,
              })
            }
          >
            {approve.isPending && <Spinner />}
            {t('review.approve')}
          </Button>
          <form
            className="space-y-3 border-t border-slate-200 pt-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!reason.trim()) return setReasonError(t('review.reasonRequired'));
              setReasonError(undefined);
              reject.mutate(
                { id: profile.id, reason, version: profile.version },
                {
                  onSuccess: () => {
                    toast({ variant: 'success', title: t('review.rejected', { name: profile.fullName }) });
                    navigate('/admin/review');
                  },
                  onError: failed,
                },
              );
            }}
          >
            <Field label={t('review.reason')} required hint={t('review.reasonHint')} error={reasonError}>
              {(ids) => <Textarea {...ids} rows={4} maxLength={1000} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />}
            </Field>
            <Button type="submit" variant="outline" className="w-full" disabled={busy || profile.reviewStatus === 'rejected' || profile.reviewStatus === 'suspended'}>
              {reject.isPending && <Spinner />}
              {t('review.reject')}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
