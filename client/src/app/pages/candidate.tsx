import { ArrowLeft, Download, FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Detail } from '@/components/ui/detail';
import { ProfileSkeleton } from '@/components/ui/skeleton';
import { VideoPlayer } from '@/components/ui/video-player';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { useCandidate } from '@/features/candidates/api/get-candidate';
import { ContactActions } from '@/features/candidates/components/contact-actions';
import { InitialsAvatar } from '@/features/candidates/components/initials-avatar';
import { ShortlistControl } from '@/features/candidates/components/shortlist-control';
import { useOptionText } from '@/lib/option-text';
import { resultsUrl } from '@/features/candidates/search-state';
import { HiringFactList } from '@/components/hiring-facts/hiring-fact-list';

export default function CandidatePage() {
  const { t } = useTranslation('candidates');
  const { optionText, optionListText } = useOptionText();
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useCurrentUser();
  const { data: candidate, isLoading, error, refetch } = useCandidate(id);
  usePageTitle(candidate?.fullName ?? t('title'));
  if (isLoading) {
    return (
      <PageShell>
        <ProfileSkeleton />
      </PageShell>
    );
  }

  const back = (
    <Link href={resultsUrl()} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
      {t('detail.back')}
    </Link>
  );
  if (!candidate) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <PageShell>
        <section className="mx-auto max-w-xl px-4 py-12">
          {back}
          <div role="alert" className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p>{missing ? t('detail.notFound') : t('detail.loadFailed')}</p>
            {!missing && (
              <Button className="mt-4" onClick={() => void refetch()}>
                {t('retry')}
              </Button>
            )}
          </div>
        </section>
      </PageShell>
    );
  }

  const company = { companyName: user?.company?.companyName ?? '', slug: user?.company?.slug ?? null };
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
        {back}
        <div className="mt-6 flex min-w-0 items-center gap-4">
          <InitialsAvatar name={candidate.fullName} src={candidate.avatarUrl} size="lg" />
          <div>
            <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">{candidate.fullName}</h1>
            <p className="text-slate-700">
              {optionListText('industries', candidate.industries)} — {optionText('locations', candidate.location)}
            </p>
          </div>
        </div>

        {/* On a phone the video comes first, then how to contact, then the CV; side by side on a wide screen. There
            the first row is as tall as the video's card and the second takes the rest of the tall side column:
            rows of auto height shared it out, leaving a gap under a short card (no video) above the CV. */}
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-5 lg:grid-rows-[auto_1fr]">
          <Card className="p-5 sm:p-6 lg:col-span-3">
            <h2 className="text-lg font-semibold text-slate-900">{t('detail.video')}</h2>
            <div className="mt-4">
              {candidate.videoUrl ? (
                <VideoPlayer src={candidate.videoUrl} poster={candidate.posterUrl} title={t('detail.videoTitle', { name: candidate.fullName })} />
              ) : (
                <p className="text-slate-600">{t('detail.noVideo')}</p>
              )}
            </div>
          </Card>
          <div className="space-y-6 lg:col-span-2 lg:col-start-4 lg:row-span-2 lg:row-start-1">
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('detail.contactHeading')}</h2>
              <div className="mt-4">
                <ContactActions candidate={candidate} company={company} />
              </div>
              <p className="mt-3 text-sm text-slate-600">{t('detail.seenNotice', { name: candidate.fullName })}</p>
              <dl className="mt-6 space-y-4">
                <Detail label={t('detail.phone')}>
                  <span dir="ltr">{candidate.phone}</span>
                </Detail>
                {candidate.email && (
                  <Detail label={t('detail.email')}>
                    <span className="break-all" dir="ltr">{candidate.email}</span>
                  </Detail>
                )}
                <Detail label={t('detail.location')}>{optionText('locations', candidate.location)}</Detail>
                <Detail label={t('detail.experience')}>
                  {candidate.yearsOfExperience === null ? t('card.experienceUnknown') : t('card.experience', { count: candidate.yearsOfExperience })}
                </Detail>
                <Detail label={t('detail.industries')}>{optionListText('industries', candidate.industries)}</Detail>
                <Detail label={t('detail.languages')}>{optionListText('languages', candidate.languages)}</Detail>
              </dl>
            </Card>
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('detail.hiringFacts')}</h2>
              <div className="mt-4">
                <HiringFactList facts={candidate} verified={candidate.verifiedFacts} />
              </div>
            </Card>
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('detail.shortlistHeading')}</h2>
              <div className="mt-4">
                <ShortlistControl key={candidate.shortlist?.savedAt ?? 'new'} candidate={candidate} />
              </div>
            </Card>
          </div>
          <div className="space-y-6 lg:col-span-3 lg:col-start-1 lg:row-start-2">
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">{t('detail.cv')}</h2>
              {candidate.cvUrl ? (
                <div className="mt-3 flex flex-wrap gap-3">
                  <a href={candidate.cvUrl} download className={buttonClasses({ variant: 'secondary' })}>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    {t('detail.downloadCv')}
                  </a>
                  <a href={`${candidate.cvUrl}?view=inline`} target="_blank" rel="noopener" className={buttonClasses({ variant: 'outline' })}>
                    <FileText aria-hidden="true" className="h-4 w-4" />
                    {t('detail.viewCv')}
                  </a>
                </div>
              ) : (
                <p className="mt-3 text-slate-600">{t('detail.noCv')}</p>
              )}
            </Card>
            {candidate.bio && (
              <Card className="p-5 sm:p-6">
                <h2 className="text-lg font-semibold text-slate-900">{t('detail.about')}</h2>
                <p dir="auto" className="mt-3 whitespace-pre-line text-slate-800">{candidate.bio}</p>
              </Card>
            )}
          </div>
        </div>
      </section>
    </PageShell>
  );
}
