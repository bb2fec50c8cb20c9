// The review page's video and CV, side by side, each marked when it changed since the last decision.
import { Download, Keyboard, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '#shared/admin.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { VideoPlayer } from '@/components/ui/video-player';
import { clsx } from 'clsx';
import { Key } from './review-shortcuts';
import { PLAYBACK_SPEEDS } from './review-playback-speed';

const ChangedBadge = () => {
  const { t } = useTranslation('admin');
  return <span className="ms-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t('review.changed')}</span>;
};

/** The video (muted at once, sound and speed on keys) or why it cannot play yet. */
export function VideoCard({
  profile,
  changed,
  videoRef,
  muted,
  onToggleSound,
  speed,
  onSpeed,
  onHelp,
}: {
  profile: ReviewItem;
  changed: boolean;
  videoRef: React.RefObject<HTMLVideoElement | null>;
  muted: boolean;
  onToggleSound: () => void;
  speed: number;
  onSpeed: (speed: number) => void;
  onHelp: () => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const numbers = new Intl.NumberFormat(i18n.language);
  const playable = Boolean(profile.videoUrl) && profile.video?.status !== 'processing' && profile.video?.status !== 'failed';
  return (
    <Card className="min-w-0 p-4" role="region" aria-labelledby="review-video-title">
      <h2 id="review-video-title" className="font-semibold text-slate-900">
        {t('review.video')}
        {changed && <ChangedBadge />}
      </h2>
      {changed && <PreviousFile profile={profile} field="videoUrl" />}
      <div className="mt-3">
        {!profile.videoUrl ? (
          <p className="text-sm text-slate-600">{t('review.noVideo')}</p>
        ) : profile.video?.status === 'processing' ? (
          <p role="status" className="rounded-xl bg-slate-100 p-4 text-sm text-slate-800">{t('review.videoProcessing')}</p>
        ) : profile.video?.status === 'failed' ? (
          <p role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">{t('review.videoFailed')}</p>
        ) : (
          <VideoPlayer
            src={profile.videoUrl}
            poster={profile.video?.posterUrl}
            title={t('review.videoTitle', { name: profile.fullName })}
            autoPlay
            muted={muted}
            videoRef={videoRef}
          />
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {playable && (
          <>
            <Button variant="outline" size="sm" onClick={onToggleSound} aria-pressed={!muted} aria-keyshortcuts="M">
              {muted ? <VolumeX aria-hidden="true" className="h-4 w-4" /> : <Volume2 aria-hidden="true" className="h-4 w-4" />}
              {muted ? t('review.soundOff') : t('review.soundOn')}
              <Key>M</Key>
            </Button>
            <div role="group" aria-label={t('review.speed')} className="inline-flex overflow-hidden rounded-lg border border-slate-300">
              {PLAYBACK_SPEEDS.map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={speed === value}
                  onClick={() => onSpeed(value)}
                  className={clsx(
                    'h-9 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-600',
                    speed === value ? 'bg-brand-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-50',
                  )}
                >
                  <span dir="ltr">{numbers.format(value)}×</span>
                </button>
              ))}
            </div>
          </>
        )}
        <Button variant="ghost" size="sm" onClick={onHelp} aria-haspopup="dialog" aria-keyshortcuts="Shift+?">
          <Keyboard aria-hidden="true" className="h-4 w-4" />
          {t('shortcuts.open')}
          <Key>?</Key>
        </Button>
      </div>
    </Card>
  );
}

/** The file the last decision was made on, kept until the next one: the reviewer compares it with the new one. */
function PreviousFile({ profile, field }: { profile: ReviewItem; field: 'cvUrl' | 'videoUrl' }) {
  const { t } = useTranslation('admin');
  const url = profile.lastReviewedValues?.[field];
  if (typeof url !== 'string' || !url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="text-sm font-medium text-brand-700 underline">
      {t(field === 'cvUrl' ? 'review.previousCv' : 'review.previousVideo')}
    </a>
  );
}

/** The CV in the page: a PDF in the browser's viewer, a Word file (which browsers cannot show) as a download. */
export function CvCard({ profile, changed }: { profile: ReviewItem; changed: boolean }) {
  const { t } = useTranslation('admin');
  const pdf = profile.cv?.contentType === 'application/pdf';
  return (
    <Card className="flex min-w-0 flex-col p-4" role="region" aria-labelledby="review-cv-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="review-cv-title" className="font-semibold text-slate-900">
          {t('review.cv')}
          {changed && <ChangedBadge />}
        </h2>
        {changed && <PreviousFile profile={profile} field="cvUrl" />}
        {profile.cvUrl && (
          <a href={profile.cvUrl} download className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('review.downloadCv')}
          </a>
        )}
      </div>
      {!profile.cvUrl ? (
        <p className="mt-3 text-sm text-slate-600">{t('review.noCv')}</p>
      ) : pdf ? (
        <iframe
          src={`${profile.cvUrl}?view=inline`}
          title={t('review.cvTitle', { name: profile.fullName })}
          className="mt-3 h-[60vh] min-h-80 w-full flex-1 rounded-lg border border-slate-200 bg-slate-100 xl:h-[calc(100vh-14rem)]"
        />
      ) : (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{t('review.cvWord')}</p>
      )}
    </Card>
  );
}
