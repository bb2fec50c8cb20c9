// A CV or resume picker in the product's own look, like the video's: a button that opens the device's file chooser,
// then progress with cancel, a retry when the connection failed, and an Uploaded tick once the app has checked the
// file. Uppy does the upload underneath (a single signed PUT); its dialog is not used.
import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, RotateCcw, Upload } from 'lucide-react';
import type Uppy from '@uppy/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_EXTENSIONS, LIMITS } from '#shared/constants.ts';
import { errorText } from '#shared/errors.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiErrorFrom } from '@/lib/api-client';
import { formatNumber } from '@/lib/format';
import { createDocumentUppy, type DocumentUploadOptions } from '@/lib/uploads';

export interface DocumentUploadProps extends Omit<DocumentUploadOptions, 'locale'> {
  /** The objectPath of the file uploaded so far, if any. */
  value: string | undefined;
  labels: { choose: string; replace: string; uploaded: string; checking: string };
  /** Ties the button to its field's hint and error; the button's own text stays its name. */
  ids?: { 'aria-describedby'?: string; 'aria-invalid'?: true };
  disabled?: boolean;
  /** What may be chosen (a CV's types unless said): the file name's endings, and the refusal of any other. */
  accept?: { extensions: readonly string[]; refusal: TypeRefusal };
}

type TypeRefusal = 'upload.document_type' | 'upload.image_type' | 'upload.licence_type';
const DOCUMENTS = { extensions: DOCUMENT_EXTENSIONS, refusal: 'upload.document_type' } as const;

type Phase = { name: 'idle' } | { name: 'uploading'; progress: number } | { name: 'checking' } | { name: 'failed' };

/** A refusal found in the browser, in the same shape as the app's, so the form shows it in the reader's language. */
const refusal = (code: TypeRefusal | 'upload.document_too_large') => apiErrorFrom(400, JSON.stringify({ code, message: errorText(code) }));

export function DocumentUpload({ value, labels, ids, disabled, accept = DOCUMENTS, ...options }: DocumentUploadProps) {
  // Uppy lives outside React; it calls the latest callbacks through this ref.
  const latest = useRef(options);
  // What may be chosen is set when the picker is made (it does not change for a field).
  const accepted = useRef(accept);
  useEffect(() => {
    latest.current = options;
  });
  const { t } = useTranslation('uploader');
  const input = useRef<HTMLInputElement>(null);
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  // Uppy holds an upload while the phone has no connection and goes on once it is back; the person is told why the
  // progress stands still.
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    const instance = createDocumentUppy({
      extensions: accepted.current.extensions,
      getUploadUrl: () => latest.current.getUploadUrl(),
      finalize: (uploadURL) => {
        setPhase({ name: 'checking' });
        return latest.current.finalize(uploadURL);
      },
      onUploaded: (objectPath) => {
        setPhase({ name: 'idle' });
        latest.current.onUploaded(objectPath);
      },
      onFailed: (error) => {
        setPhase({ name: 'idle' });
        latest.current.onFailed(error);
      },
    });
    instance.on('upload', () => setPhase({ name: 'uploading', progress: 0 }));
    instance.on('upload-progress', (_file, progress) => {
      if (progress.bytesTotal) setPhase({ name: 'uploading', progress: progress.bytesUploaded / progress.bytesTotal });
    });
    // The file stays in Uppy, so the same upload can be tried again.
    instance.on('upload-error', () => setPhase({ name: 'failed' }));
    instance.on('is-offline', () => setOffline(true));
    instance.on('is-online', () => setOffline(false));
    setUppy(instance);
    return () => instance.destroy();
  }, []);

  const choose = () => input.current?.click();
  const take = (file: File | undefined) => {
    if (!file || !uppy) return;
    const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
    if (!accept.extensions.includes(extension)) return latest.current.onFailed(refusal(accept.refusal));
    if (file.size > LIMITS.documentMaxBytes) return latest.current.onFailed(refusal('upload.document_too_large'));
    uppy.clear();
    uppy.addFile({ name: file.name, type: file.type, data: file });
  };
  const cancel = () => {
    uppy?.cancelAll();
    setPhase({ name: 'idle' });
  };

  const busy = phase.name === 'uploading' || phase.name === 'checking';
  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept={accept.extensions.join(',')}
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          take(event.currentTarget.files?.[0]);
          event.currentTarget.value = '';
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button
          aria-describedby={ids?.['aria-describedby']}
          aria-invalid={ids?.['aria-invalid']}
          variant={value ? 'outline' : 'secondary'}
          onClick={choose}
          disabled={disabled || !uppy || busy}
        >
          {busy ? <Spinner /> : value ? <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-brand-700" /> : <Upload aria-hidden="true" className="h-5 w-5" />}
          {phase.name === 'checking' ? labels.checking : value && !busy ? labels.uploaded : labels.choose}
        </Button>
        {value && !busy && (
          <button type="button" onClick={choose} disabled={disabled} className="text-sm font-medium text-brand-800 underline underline-offset-2">
            {labels.replace}
          </button>
        )}
      </div>
      {phase.name === 'uploading' && (
        <div className="space-y-1" role="status" aria-live="polite">
          <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" max={1} value={phase.progress} aria-label={t('uploading')} />
          <div className="flex items-center justify-between gap-2 text-sm text-slate-700">
            <span>
              {offline ? t('offline') : `${t('uploading')} ${formatNumber(Math.round(phase.progress * 100))}%`}
            </span>
            <Button variant="ghost" size="sm" onClick={cancel}>
              {t('cancelUpload')}
            </Button>
          </div>
        </div>
      )}
      {phase.name === 'failed' && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2 text-sm text-red-900">
          <span>{t('uploadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void uppy?.retryAll()}>
            <RotateCcw aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" />
            {t('retryUpload')}
          </Button>
          <Button variant="ghost" size="sm" onClick={cancel}>
            {t('cancel')}
          </Button>
        </div>
      )}
    </div>
  );
}
