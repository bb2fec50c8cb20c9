import { useState } from 'react';
import { act, screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '#shared/constants.ts';
import arabicErrors from '@/locales/ar/errors.json';
import { errorMessage } from '@/lib/error-message';
import { renderForReader } from '@/test/render';
import { DocumentUpload } from './document-upload';

/** The requests the uploader sends, held until the test answers them (Uppy sends the file by XMLHttpRequest). */
class HeldRequest {
  static sent: HeldRequest[] = [];
  readonly upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  statusText = '';
  readyState = 0;
  withCredentials = false;
  responseType = '';
  method = '';
  url = '';
  body: unknown;
  aborted = false;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    HeldRequest.sent.push(this);
  }
  abort() {
    this.aborted = true;
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? '"stored"' : null;
  }
  getAllResponseHeaders() {
    return 'etag: "stored"\r\n';
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async answer(status: number) {
    this.status = status;
    this.readyState = 4;
    await act(async () => this.onload?.());
  }
}

/** The app's side of the two steps: a signed address for each try, then the check of what arrived there. */
function appSide() {
  let signed = 0;
  const checks: { uploadURL: string; pass: (objectPath: string) => void }[] = [];
  return {
    getUploadUrl: vi.fn(async () => `/objects/upload/try-${++signed}?signature=abc`),
    finalize: vi.fn((uploadURL: string) => new Promise<string>((pass) => checks.push({ uploadURL, pass }))),
    checks,
  };
}

/** A CV field as the profile form has it: the upload's own texts, and a refusal said in the reader's language. */
function CvField({ app }: { app: ReturnType<typeof appSide> }) {
  const { t } = useTranslation('profile');
  const [value, setValue] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  return (
    <>
      <DocumentUpload
        value={value}
        labels={{ choose: t('cv.choose'), replace: t('cv.replace'), uploaded: t('cv.uploaded'), checking: t('cv.checking') }}
        getUploadUrl={app.getUploadUrl}
        finalize={app.finalize}
        onUploaded={setValue}
        onFailed={(error) => setRefusal(errorMessage(error, t('cv.failed')))}
      />
      {refusal && <p role="alert">{refusal}</p>}
    </>
  );
}

const pdf = (name = 'cv.pdf', bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });

async function showField(language: 'en' | 'ar' = 'en') {
  const app = appSide();
  const { container } = await renderForReader(<CvField app={app} />, { language, namespaces: ['profile', 'uploader', 'errors'] });
  const picker = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  // A phone's file chooser may offer every file whatever the field accepts: the field checks what it was given.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  return { app, picker, user };
}

const sentRequest = async (count = 1) => {
  await vi.waitFor(() => expect(HeldRequest.sent).toHaveLength(count));
  return HeldRequest.sent[count - 1]!;
};

beforeEach(() => {
  HeldRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', HeldRequest);
});

describe('the CV upload', () => {
  it('opens the file chooser from its button', async () => {
    const { picker, user } = await showField();
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await user.click(await screen.findByRole('button', { name: 'Upload CV' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(picker).toHaveAttribute('accept', '.pdf,.doc,.docx');
  });

  it('shows progress with Cancel, then Checking, then Uploaded with Replace', async () => {
    const { app, picker, user } = await showField();
    await user.upload(picker, pdf());
    const request = await sentRequest();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe(`${window.location.origin}/objects/upload/try-1?signature=abc`);

    request.progress(512, 2048);
    const progress = screen.getByRole('status');
    expect(within(progress).getByRole('progressbar', { name: 'Uploading' })).toHaveValue(0.25);
    expect(progress).toHaveTextContent('Uploading 25%');
    expect(screen.getByRole('button', { name: 'Upload CV' })).toBeDisabled();
    request.progress(2048, 2048);
    expect(progress).toHaveTextContent('Uploading 100%');

    await request.answer(200);
    await vi.waitFor(() => expect(app.finalize).toHaveBeenCalledWith('/objects/upload/try-1?signature=abc'));
    expect(screen.getByRole('button', { name: 'Checking...' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // Shown once the check has passed and Uppy has ended the run that sent the file.
    await act(async () => app.checks[0]!.pass('/objects/cvs/amina.pdf'));
    expect(await screen.findByRole('button', { name: 'Uploaded' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Replace CV' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops an upload on Cancel and offers the button again', async () => {
    const { app, picker, user } = await showField();
    await user.upload(picker, pdf());
    const request = await sentRequest();
    request.progress(100, 2048);
    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(request.aborted).toBe(true);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload CV' })).toBeEnabled();
    expect(app.finalize).not.toHaveBeenCalled();
  });

  it('says the upload failed and tries it again on a fresh address', async () => {
    const { app, picker, user } = await showField();
    await user.upload(picker, pdf());
    // Uppy logs the refused request; the person sees the alert below.
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await (await sentRequest()).answer(403);
    log.mockRestore();

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Upload failed');
    await user.click(within(failed).getByRole('button', { name: 'Try the upload again' }));
    const again = await sentRequest(2);
    expect(again.url).toContain('/objects/upload/try-2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await again.answer(200);
    await vi.waitFor(() => expect(app.checks).toHaveLength(1));
    await act(async () => app.checks[0]!.pass('/objects/cvs/amina.pdf'));
    expect(await screen.findByRole('button', { name: 'Uploaded' })).toBeInTheDocument();
  });

  it('says that it waits for the connection while the phone is offline, and goes on when it is back', async () => {
    const { picker, user } = await showField();
    await user.upload(picker, pdf());
    const request = await sentRequest();
    const online = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status')).toHaveTextContent('No connection. We continue when you are back online.');

    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    request.progress(1024, 2048);
    expect(screen.getByRole('status')).toHaveTextContent('Uploading 50%');
    online.mockRestore();
  });

  it('refuses another kind of file, or one over 5 MB, before sending anything', async () => {
    const { app, picker, user } = await showField();
    await user.upload(picker, new File(['hello'], 'cv.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please upload a PDF, DOC or DOCX file');

    await user.upload(picker, pdf('cv.pdf', LIMITS.documentMaxBytes + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('The file must be 5MB or smaller');
    expect(app.getUploadUrl).not.toHaveBeenCalled();
    expect(HeldRequest.sent).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload CV' })).toBeEnabled();
  });

  it('says the refusal in Arabic to an Arabic reader', async () => {
    const { picker, user } = await showField('ar');
    await user.upload(picker, new File(['hello'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent(arabicErrors.upload.document_type);
  });
});
