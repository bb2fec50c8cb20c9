// A CV or resume picker: a button that opens Uppy's dialog (progress, cancel, retry), then turns into an
// Uploaded tick once the app has checked the file.
import { useEffect, useRef, useState } from 'react';
import { CheckCircle2, Upload } from 'lucide-react';
import type Uppy from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import { Button } from '@/components/ui/button';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { createDocumentUppy, type DocumentUploadOptions } from '@/lib/uploads';
import { uppyLocale } from './uppy-locale';

export interface DocumentUploadProps extends DocumentUploadOptions {
  /** The objectPath of the file uploaded so far, if any. */
  value: string | undefined;
  labels: { choose: string; replace: string; uploaded: string; checking: string; note: string };
  /** Ties the button to its field's hint and error; the button's own text stays its name. */
  ids?: { 'aria-describedby'?: string; 'aria-invalid'?: true };
  disabled?: boolean;
}

type Phase = 'idle' | 'uploading' | 'checking';

export function DocumentUpload({ value, labels, ids, disabled, ...options }: DocumentUploadProps) {
  // Uppy lives outside React; it calls the latest callbacks through this ref.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [uppy, setUppy] = useState<Uppy | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    const instance = createDocumentUppy({
      locale: uppyLocale(t, language),
      getUploadUrl: () => latest.current.getUploadUrl(),
      finalize: (uploadURL) => {
        setPhase('checking');
        return latest.current.finalize(uploadURL);
      },
      onUploaded: (objectPath) => {
        setPhase('idle');
        latest.current.onUploaded(objectPath);
      },
      onFailed: (error) => {
        setPhase('idle');
        latest.current.onFailed(error);
      },
    });
    instance.use(Dashboard, {
      closeAfterFinish: true,
      closeModalOnClickOutside: true,
      proudlyDisplayPoweredByUppy: false,
      disableThumbnailGenerator: true,
      note: labels.note,
      theme: 'light',
      // Mirrored in Arabic and Urdu like the page around it.
      direction: i18n.dir(language),
    });
    instance.on('upload', () => setPhase('uploading'));
    instance.on('cancel-all', () => setPhase('idle'));
    instance.on('upload-error', () => setPhase('idle'));
    setUppy(instance);
    return () => instance.destroy();
    // The dialog is made again only when the language changes; the note follows the language with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [language]);

  const open = () => {
    const dashboard = uppy?.getPlugin('Dashboard') as Dashboard<Record<string, never>, Record<string, never>> | undefined;
    if (!dashboard) return;
    // Uppy names its outer wrapper but not the element with role="dialog" (axe: aria-dialog-name), so a screen
    // reader would announce a dialog without a name: it takes the button's words.
    dashboard.el?.querySelector('[role="dialog"]')?.setAttribute('aria-label', labels.choose);
    void dashboard.openModal();
  };
  const busy = phase !== 'idle';

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        aria-describedby={ids?.['aria-describedby']}
        aria-invalid={ids?.['aria-invalid']}
        variant={value ? 'outline' : 'secondary'}
        onClick={open}
        disabled={disabled || !uppy || busy}
        aria-haspopup="dialog"
      >
        {busy ? <Spinner /> : value ? <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-brand-700" /> : <Upload aria-hidden="true" className="h-5 w-5" />}
        {phase === 'checking' ? labels.checking : value ? labels.uploaded : labels.choose}
      </Button>
      {value && !busy && (
        <button type="button" onClick={open} className="text-sm font-medium text-brand-800 underline underline-offset-2">
          {labels.replace}
        </button>
      )}
    </div>
  );
}
