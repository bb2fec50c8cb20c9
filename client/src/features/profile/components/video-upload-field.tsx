// The introduction video: recorded in the page with the phone's camera, or chosen as a file. Checked in the browser
// first (size, type), then sent at once, resumably, while the person fills in the rest of the form; the form never
// waits for it (video-sending.ts). The upload can be paused and cancelled; a refused video is said so.
import { useEffect, useState, type ChangeEvent } from 'react';
import { CheckCircle2, Upload, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, VIDEO_CONTENT_TYPES } from '#shared/constants.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { clsx } from 'clsx';
import { clearSending, onVideoArrived, sendVideo, useVideoSending } from '../video-sending';
import { VideoRecorder } from './video-recorder';
import { VideoSendingProgress } from './video-sending-progress';

interface Props {
  ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };
  /** Read when the upload starts: the video's title is the name typed so far. */
  getTitle: () => string;
  /** The profile's video, when it has one. */
  current: string | undefined;
}

export function VideoUploadField({ ids, getTitle, current }: Props) {
  const { t } = useTranslation('profile');
  const { user } = useCurrentUser();
  const sending = useVideoSending();
  const [recording, setRecording] = useState(false);

  useEffect(() => onVideoArrived(() => toast({ variant: 'success', title: t('video.uploadedTitle'), description: t('video.uploaded') })), [t]);
  useEffect(() => {
    if (sending.phase !== 'failed') return;
    toast({ variant: 'destructive', title: t('video.failedTitle'), description: errorMessage(sending.error, t('video.failed')) });
    clearSending();
  }, [sending, t]);

  const send = (file: File) => {
    if (file.size > LIMITS.videoMaxBytes) {
      return toast({ variant: 'destructive', title: t('video.tooLargeTitle'), description: t('video.tooLarge') });
    }
    if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return toast({ variant: 'destructive', title: t('video.wrongTypeTitle'), description: t('video.wrongType') });
    }
    if (user) sendVideo(file, { userId: user.id, title: getTitle() });
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) send(file);
  };

  if (recording) {
    return (
      <VideoRecorder
        onClose={() => setRecording(false)}
        onUse={(file) => {
          setRecording(false);
          send(file);
        }}
      />
    );
  }

  const onItsWay = sending.phase === 'sending' || sending.phase === 'offline' || sending.phase === 'paused';
  return (
    <div className="space-y-3">
      {onItsWay ? (
        <VideoSendingProgress sending={sending} controls />
      ) : (
        <>
          {(sending.phase === 'arrived' || current) && (
            <p className="flex items-center gap-2 text-sm font-medium text-brand-800">
              <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
              {sending.phase === 'arrived' ? t('video.uploadedFile', { name: sending.name }) : t('video.current')}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <Button variant={sending.phase === 'arrived' || current ? 'outline' : 'primary'} onClick={() => setRecording(true)}>
              <Video aria-hidden="true" className="h-4 w-4" />
              {t('video.record')}
            </Button>
            {/* The real file input stays keyboard- and screen-reader-reachable; the label is its visible button. */}
            <input {...ids} type="file" accept={VIDEO_CONTENT_TYPES.join(',')} onChange={onChange} className="peer sr-only" />
            <label htmlFor={ids.id} className={clsx(buttonClasses({ variant: 'outline' }), 'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700')}>
              <Upload aria-hidden="true" className="h-4 w-4" />
              {t('video.chooseFile')}
            </label>
          </div>
        </>
      )}
    </div>
  );
}
