// The introduction video input (SPEC 4): checked in the browser first (size, type), then uploaded with a
// spinner and progress; the input is disabled while it runs, and the upload can be cancelled.
import { useRef, useState, type ChangeEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIMITS, VIDEO_CONTENT_TYPES } from '#shared/constants.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { uploadIntroductionVideo } from '../api/upload-video';

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
  const [fileName, setFileName] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  const uploading = progress !== undefined;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > LIMITS.videoMaxBytes) {
      input.value = '';
      return toast({ variant: 'destructive', title: t('video.tooLargeTitle'), description: t('video.tooLarge') });
    }
    if (!(VIDEO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      input.value = '';
      return toast({ variant: 'destructive', title: t('video.wrongTypeTitle'), description: t('video.wrongType') });
    }
    abort.current = new AbortController();
    setProgress(0);
    onBusyChange(true);
    try {
      const videoUrl = await uploadIntroductionVideo({ file, fullName: getFullName(), onProgress: setProgress, signal: abort.current.signal });
      setFileName(file.name);
      onUploaded(videoUrl);
      toast({ variant: 'success', title: t('video.uploadedTitle'), description: t('video.uploaded') });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        toast({ variant: 'destructive', title: t('video.failedTitle'), description: errorMessage(error, t('video.failed')) });
      }
    } finally {
      input.value = '';
      abort.current = null;
      setProgress(undefined);
      onBusyChange(false);
    }
  };

  return (
    <div className="space-y-3">
      <input
        {...ids}
        type="file"
        accept={VIDEO_CONTENT_TYPES.join(',')}
        disabled={uploading}
        onChange={(event) => void onChange(event)}
        className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-sand-100 file:px-4 file:py-2.5 file:font-semibold file:text-slate-900 hover:file:bg-sand-200 disabled:opacity-60"
      />
      {uploading && (
        <div className="space-y-2" role="status" aria-live="polite">
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Spinner className="text-brand-700" />
            {t('video.uploading', { percent: Math.round(progress * 100) })}
          </div>
          <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" max={1} value={progress} aria-label={t('video.progress')} />
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            {t('video.cancel')}
          </Button>
        </div>
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
