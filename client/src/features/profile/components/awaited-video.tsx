// Where the video of a saved profile stands while the profile waits for it (on /pending and /profile): being sent
// from this browser, with the part the server has and the time left; arrived, so the profile is now in review; or
// not in this browser (sent from another phone, or its copy lost), with a way to record it again.
import { CheckCircle2, UploadCloud, VideoOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useVideoSending } from '../video-sending';
import { VideoSendingProgress } from './video-sending-progress';

export function AwaitedVideo({ awaiting }: { awaiting: boolean }) {
  const { t } = useTranslation('profile');
  const sending = useVideoSending();
  if (sending.phase === 'sending' || sending.phase === 'offline' || sending.phase === 'paused') {
    return (
      <Card tone="brand" className="space-y-3 p-5" role="region" aria-labelledby="awaited-video-title">
        <h2 id="awaited-video-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <UploadCloud aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
          {t('videoFirst.stillSendingTitle')}
        </h2>
        <VideoSendingProgress sending={sending} controls={false} />
        <p className="text-sm text-slate-700">{t('videoFirst.keepPageOpen')}</p>
        {awaiting && <p className="text-sm text-slate-700">{t('videoFirst.reviewAfterArrival')}</p>}
      </Card>
    );
  }
  if (sending.phase === 'arrived') {
    return (
      <p role="status" className="flex items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm font-medium text-brand-900">
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('videoFirst.arrived')}
      </p>
    );
  }
  // Not in this browser, or refused by the app: it has to be recorded or chosen again.
  if (!awaiting || !((sending.phase === 'idle' && sending.lookedForKept) || sending.phase === 'failed')) return null;
  return (
    <Card tone="amber" className="space-y-3 p-5" role="region" aria-labelledby="awaited-video-title">
      <h2 id="awaited-video-title" className="flex items-center gap-2 text-lg font-semibold">
        <VideoOff aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t('videoFirst.notArrivedTitle')}
      </h2>
      <p className="text-sm">{t('videoFirst.notArrivedText')}</p>
      <Link href="/profile/edit#video" className={buttonClasses({ size: 'sm' })}>
        {t('videoFirst.recordAgain')}
      </Link>
    </Card>
  );
}
