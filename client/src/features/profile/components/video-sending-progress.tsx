// How far the introduction video has got: the part the server has confirmed (the bar never moves back), the time
// left at the recent pace, and, while the connection is gone, that we go on when it is back.
import { Pause, Play, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cancelSending, pauseSending, resumeSending, type VideoSending } from '../video-sending';

/** 7,612,345 bytes as '7.6 MB' in the reader's language. */
function megabytes(bytes: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/** Seconds left as '40 seconds' or '3 minutes' in the reader's language. */
function timeLeft(seconds: number, language: string): string {
  const [value, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export function VideoSendingProgress({ sending, controls }: { sending: Extract<VideoSending, { phase: 'sending' | 'offline' | 'paused' }>; controls: boolean }) {
  const { t, i18n } = useTranslation('profile');
  const confirmed = Math.min(sending.confirmed, sending.size);
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800">
        {sending.phase === 'sending' && <Spinner className="text-brand-700" />}
        <span className="font-medium">{sending.phase === 'paused' ? t('videoFirst.paused') : t('videoFirst.sending')}</span>
        <span>{t('videoFirst.sentOf', { sent: megabytes(confirmed, i18n.language), total: megabytes(sending.size, i18n.language) })}</span>
        {sending.phase === 'sending' && sending.secondsLeft !== undefined && (
          <span className="text-slate-600">{t('videoFirst.timeLeft', { time: timeLeft(sending.secondsLeft, i18n.language) })}</span>
        )}
      </p>
      <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" max={sending.size} value={confirmed} aria-label={t('video.progress')} />
      <div role="status" aria-live="polite">
        {sending.phase === 'offline' && (
          <p className="flex items-center gap-2 rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-950">
            <WifiOff aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t('videoFirst.offline')}
          </p>
        )}
      </div>
      {controls && (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={sending.phase === 'paused' ? resumeSending : pauseSending}>
            {sending.phase === 'paused' ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
            {sending.phase === 'paused' ? t('video.resume') : t('video.pause')}
          </Button>
          <Button variant="ghost" size="sm" onClick={cancelSending}>
            {t('video.cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
