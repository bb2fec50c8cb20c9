// The introduction video: recorded in the page with the phone's camera, or chosen as a file. Checked in the browser
// first (size, type), then uploaded resumably with progress; the upload can be paused, resumed and cancelled, and a
// failed one tried again from where it stopped. The form waits while it runs.
import { useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2, Pause, Play, Upload, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, VIDEO_CONTENT_TYPES } from '#shared/constants.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import type { VideoUpload } from '@/lib/uploads';
import { cn } from '@/lib/utils';
import { uploadIntroductionVideo } from '../api/upload-video';
import { VideoRecorder } from './video-recorder';

interface Props {
  ids: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };
  /** Read when the upload starts: the video's title is the name typed so far. */
  getFullName: () => string;
  value: string | undefined;
  onUploaded: (videoUrl: string) => void;
  onBusyChange: (busy: boolean) => void;
}

export function VideoUploadField({ ids, getFullName, value, onUploaded, onBusyChange }: Props) {
  const { t } = useTranslation('profile');
  const [progress, setProgress] = useState<number | undefined>();
  const [paused, setPaused] = useState(false);
  const [fileName, setFileName] = useState<string>();
  const [recording, setRecording] = useState(false);
  /** A file whose upload failed: sent again, it goes on from what the app already has. */
  const [failedFile, setFailedFile] = useState<File>();
  const upload = useRef<VideoUpload | null>(null);
  const uploading = progress !== undefined;

  const send = async (file: File) => {
    if (file.size > LIMITS.videoMaxBytes) {
      return toast({ variant: 'destructive', title: t('video.tooLargeTitle'), description: t('video.tooLarge') });
    }
    if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      return toast({ variant: 'destructive', title: t('video.wrongTypeTitle'), description: t('video.wrongType') });
    }
    setFailedFile(undefined);
    setPaused(false);
    setProgress(0);
    onBusyChange(true);
    try {
      upload.current = uploadIntroductionVideo({ file, fullName: getFullName(), onProgress: setProgress });
      const videoUrl = await upload.current.done;
      setFileName(file.name);
      onUploaded(videoUrl);
      toast({ variant: 'success', title: t('video.uploadedTitle'), description: t('video.uploaded') });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        // Refused by the app (type, size): choose another. A network failure: try again from where it stopped.
        if (error instanceof Error && error.message === 'network') setFailedFile(file);
        toast({ variant: 'destructive', title: t('video.failedTitle'), description: errorMessage(error, t('video.failed')) });
      }
    } finally {
      upload.current = null;
      setProgress(undefined);
      onBusyChange(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) void send(file);
  };

  const togglePause = () => {
    if (paused) upload.current?.resume();
    else upload.current?.pause();
    setPaused(!paused);
  };

  if (recording) {
    return (
      <VideoRecorder
        onClose={() => setRecording(false)}
        onUse={(file) => {
          setRecording(false);
          void send(file);
        }}
      />
    );
  }

  return (
    <div className="space-y-3">
      {!uploading && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => setRecording(true)}>
            <Video aria-hidden="true" className="h-4 w-4" />
            {t('video.record')}
          </Button>
          {/* The real file input stays keyboard- and screen-reader-reachable; the label is its visible button. */}
          <input {...ids} type="file" accept={VIDEO_CONTENT_TYPES.join(',')} onChange={onChange} className="peer sr-only" />
          <label htmlFor={ids.id} className={cn(buttonClasses({ variant: 'outline' }), 'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700')}>
            <Upload aria-hidden="true" className="h-4 w-4" />
            {t('video.chooseFile')}
          </label>
        </div>
      )}
      {uploading && (
        <div className="space-y-2" role="status" aria-live="polite">
          <div className="flex items-center gap-2 text-sm text-slate-700">
            {!paused && <Spinner className="text-brand-700" />}
            {paused ? t('video.paused', { percent: Math.round(progress * 100) }) : t('video.uploading', { percent: Math.round(progress * 100) })}
          </div>
          <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" max={1} value={progress} aria-label={t('video.progress')} />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={togglePause}>
              {paused ? <Play aria-hidden="true" className="h-4 w-4" /> : <Pause aria-hidden="true" className="h-4 w-4" />}
              {paused ? t('video.resume') : t('video.pause')}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => upload.current?.cancel()}>
              {t('video.cancel')}
            </Button>
          </div>
        </div>
      )}
      {!uploading && failedFile && (
        <Button variant="outline" size="sm" onClick={() => void send(failedFile)}>
          {t('video.retry')}
        </Button>
      )}
      {!uploading && value && (
        <p className="flex items-center gap-2 text-sm font-medium text-brand-800">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
          {fileName ? t('video.uploadedFile', { name: fileName }) : t('video.current')}
        </p>
      )}
    </div>
  );
}
