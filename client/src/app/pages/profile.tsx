import { AlertTriangle, CheckCircle2, Clock, Download, Loader2, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { errorText } from '#shared/errors.ts';
import type { ReviewStatus } from '#shared/profile.ts';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { ProfileSkeleton } from '@/components/ui/skeleton';
import { VideoPlayer } from '@/components/ui/video-player';
import { usePageTitle } from '@/hooks/use-page-title';
import { clsx } from 'clsx';
import { useOwnProfile } from '@/features/profile/api/get-own-profile';
import { useProfileVideo } from '@/features/profile/api/get-profile-video';
import { StillLooking } from '@/features/profile/components/still-looking';
import { AwaitedVideo } from '@/features/profile/components/awaited-video';
import { VisibilitySwitch } from '@/features/profile/components/visibility-switch';
import { useOptionText } from '@/lib/option-text';
import { missingHiringFacts, VERIFIABLE_FACTS } from '#shared/hiring-facts.ts';
import { HiringFactList } from '@/components/hiring-facts/hiring-fact-list';
import { BlockedCompanies } from '@/features/trust/components/blocked-companies';
import { NoFeesNotice } from '@/features/trust/components/no-fees-notice';
import { ProfileActivity } from '@/features/trust/components/profile-activity';
import { AccountDataSection } from '@/features/account-data/components/account-data-section';

const STATUS_STYLE: Record<ReviewStatus, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-50 text-amber-900 border-amber-200' },
  approved: { icon: CheckCircle2, className: 'bg-brand-50 text-brand-900 border-brand-200' },
  rejected: { icon: AlertTriangle, className: 'bg-red-50 text-red-900 border-red-200' },
  suspended: { icon: AlertTriangle, className: 'bg-slate-100 text-slate-900 border-slate-300' },
};

/** Facts companies search by that the job seeker has not given yet (profiles made before they existed, or skipped). */
function CompleteFactsPrompt({ missing }: { missing: ReturnType<typeof missingHiringFacts> }) {
  const { t } = useTranslation('profile');
  const { t: options } = useTranslation('options');
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="complete-facts" className="mt-6 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <h2 id="complete-facts" className="font-semibold">
        {t('page.completeTitle')}
      </h2>
      <p className="mt-1 text-sm">{t('page.completeText')}</p>
      <ul className="mt-2 list-disc ps-5 text-sm">
        {missing.map((fact) => (
          <li key={fact}>{options(`facts.${fact === 'drivingLicences' ? 'drivingLicence' : fact}`)}</li>
        ))}
      </ul>
      <Link href="/profile/edit#hiring-facts" className={buttonClasses({ size: 'sm', className: 'mt-3' })}>
        {t('page.completeAction')}
      </Link>
    </section>
  );
}

/** The own video: 'Processing your video' while it is made playable, the reason when it could not be used. */
function OwnVideo({ videoUrl, title }: { videoUrl: string; title: string }) {
  const { t } = useTranslation('profile');
  const { data } = useProfileVideo(videoUrl);
  const video = data?.video;
  if (video?.status === 'processing') {
    return (
      <div role="status" className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 p-4 text-center">
        <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-brand-700" />
        <p className="font-semibold text-slate-900">{t('page.videoProcessing')}</p>
        <p className="max-w-sm text-sm text-slate-700">{t('page.videoProcessingText')}</p>
      </div>
    );
  }
  if (video?.status === 'failed') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
        <p className="flex items-center gap-2 font-semibold">
          <AlertTriangle aria-hidden="true" className="h-5 w-5" />
          {t('page.videoFailed')}
        </p>
        <p className="mt-1 text-sm">{t(`errors:${video.errorCode ?? 'video.processing_failed'}`, { defaultValue: errorText(video.errorCode ?? 'video.processing_failed') })}</p>
        <Link href="/profile/edit" className={clsx(buttonClasses({ variant: 'outline' }), 'mt-3')}>
          {t('page.uploadNewVideo')}
        </Link>
      </div>
    );
  }
  return <VideoPlayer src={videoUrl} title={title} poster={video?.posterUrl} />;
}

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { optionText, optionListText } = useOptionText();
  usePageTitle(t('page.title'));
  const { data: profile, isLoading, error, refetch } = useOwnProfile();

  if (isLoading) {
    return (
      <PageShell>
        <ProfileSkeleton />
      </PageShell>
    );
  }
  if (error || !profile) {
    return (
      <PageShell>
        <section className="mx-auto max-w-xl px-4 py-16 text-center">
          <p role="alert" className="text-slate-800">{t('page.loadFailed')}</p>
          <Button className="mt-4" onClick={() => void refetch()}>
            {t('page.retry')}
          </Button>
        </section>
      </PageShell>
    );
  }

  const status = STATUS_STYLE[profile.reviewStatus];
  const StatusIcon = status.icon;
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{profile.fullName}</h1>
          <Link href="/profile/edit" className={buttonClasses({ variant: 'outline' })}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('page.edit')}
          </Link>
        </div>

        <div className={clsx('mt-6 rounded-xl border p-4', status.className)} role="status">
          <p className="flex items-center gap-2 font-semibold">
            <StatusIcon aria-hidden="true" className="h-5 w-5" />
            {t(`page.status.${profile.reviewStatus}`)}
          </p>
          <p className="mt-1 text-sm">{t(`page.statusText.${profile.reviewStatus}`)}</p>
          {profile.reviewStatus === 'rejected' && profile.reviewReasons.length > 0 && (
            <div className="mt-3 rounded-lg bg-white/70 p-3 text-sm">
              <p className="font-semibold">{t('page.whatToChange')}</p>
              <ul className="mt-1 list-disc space-y-1 ps-5">
                {profile.reviewReasons.map((reason) => (
                  <li key={reason}>{t(`page.reasons.${reason}`)}</li>
                ))}
              </ul>
            </div>
          )}
          {profile.reviewStatus === 'rejected' && profile.reviewNote && (
            <div className="mt-3 rounded-lg bg-white/70 p-3 text-sm">
              <p className="font-semibold">{t('page.reviewerNote')}</p>
              <p className="mt-1 whitespace-pre-line">{profile.reviewNote}</p>
            </div>
          )}
        </div>

        <Card className="mt-6 space-y-5 p-5 sm:p-6">
          <VisibilitySwitch visibility={profile.visibility} approved={profile.reviewStatus === 'approved'} />
          {profile.reviewStatus === 'approved' && profile.visibility === 'visible' && (
            <div className="border-t border-slate-200 pt-5">
              <StillLooking confirmedAt={profile.lookingConfirmedAt} />
            </div>
          )}
        </Card>

        <CompleteFactsPrompt missing={missingHiringFacts(profile)} />

        <div className="mt-6 grid gap-6 lg:grid-cols-5">
          <Card className="p-5 sm:p-6 lg:col-span-3">
            <h2 className="text-lg font-semibold text-slate-900">{t('page.video')}</h2>
            <div className="mt-4 space-y-4">
              <AwaitedVideo awaiting={Boolean(profile.videoUploadId)} />
              {profile.videoUrl ? (
                <OwnVideo videoUrl={profile.videoUrl} title={t('page.videoTitle', { name: profile.fullName })} />
              ) : (
                !profile.videoUploadId && <p className="text-slate-600">{t('page.noVideo')}</p>
              )}
            </div>
            {profile.cvUrl && (
              <>
                <h2 className="mt-6 text-lg font-semibold text-slate-900">{t('page.cv')}</h2>
                <div className="mt-3 flex flex-wrap gap-3">
                  <a href={profile.cvUrl} className={buttonClasses({ variant: 'secondary' })} download>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    {t('page.downloadCv')}
                  </a>
                </div>
              </>
            )}
          </Card>
          <Card className="p-5 sm:p-6 lg:col-span-2">
            <h2 className="text-lg font-semibold text-slate-900">{t('page.details')}</h2>
            <dl className="mt-4 space-y-4">
              <Detail label={t('page.phone')}>
                <span dir="ltr">{profile.phone}</span>
              </Detail>
              <Detail label={t('page.location')}>{optionText('locations', profile.location)}</Detail>
              {profile.yearsOfExperience !== null && (
                <Detail label={t('page.years')}>{t('page.yearsValue', { count: profile.yearsOfExperience })}</Detail>
              )}
              <Detail label={t('page.industries')}>{optionListText('industries', profile.industries)}</Detail>
              <Detail label={t('page.languages')}>{optionListText('languages', profile.languages)}</Detail>
              {profile.bio && (
                <Detail label={t('page.bio')}>
                  <span dir="auto" className="block whitespace-pre-line font-normal">{profile.bio}</span>
                </Detail>
              )}
            </dl>
          </Card>
        </div>

        <Card className="mt-6 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('page.hiringFacts')}</h2>
          <div className="mt-4">
            <HiringFactList facts={profile} verified={VERIFIABLE_FACTS.filter((fact) => profile.factVerifications[fact])} />
          </div>
        </Card>

        <NoFeesNotice className="mt-6" />
        <Card className="mt-6 p-5 sm:p-6">
          <ProfileActivity activityEmails={profile.activityEmails} />
        </Card>
        <Card className="mt-6 p-5 sm:p-6">
          <BlockedCompanies />
        </Card>
        <AccountDataSection returnTo="/profile" className="mt-6 p-5 sm:p-6" />
      </section>
    </PageShell>
  );
}
