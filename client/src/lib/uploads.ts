// Uploads from the browser. Documents (CV, resume) go through Uppy by the two-step flow: the app hands out a signed
// URL, Uppy PUTs the file there with progress, then the app checks it. Videos, up to 100 MB from phones on mobile
// data, go through Uppy's tus uploader, which resumes where a dropped connection stopped (docs/video.md).
import Uppy from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import Tus from '@uppy/tus';
import { DOCUMENT_EXTENSIONS, LIMITS } from '#shared/constants.ts';
import { apiErrorFrom } from './api-client';

export interface DocumentUploadOptions {
  /** Step 1: a signed URL for one file (POST .../upload). */
  getUploadUrl: () => Promise<string>;
  /** Step 3: the app checks the file that arrived at that URL (PUT .../acl) and answers its objectPath. */
  finalize: (uploadURL: string) => Promise<string>;
  onUploaded: (objectPath: string) => void;
  onFailed: (error: unknown) => void;
  /** The file name endings allowed (a CV's: PDF, DOC, DOCX, unless said). */
  extensions?: readonly string[];
}

/** One Uppy for one document (a CV: PDF, DOC or DOCX) of at most 5 MB, by a single signed PUT. */
export function createDocumentUppy(options: DocumentUploadOptions): Uppy {
  const uploadUrls = new Map<string, string>();
  const uppy = new Uppy({
    autoProceed: true,
    restrictions: {
      maxNumberOfFiles: LIMITS.documentMaxFiles,
      maxFileSize: LIMITS.documentMaxBytes,
      allowedFileTypes: [...(options.extensions ?? DOCUMENT_EXTENSIONS)],
    },
  });
  uppy.use(AwsS3, {
    shouldUseMultipart: false,
    // The key Uppy asks a URL for is the file's id, so the URL the app signed can be found again for step 3.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const uploadURL = await options.getUploadUrl();
      uploadUrls.set(request.key, uploadURL);
      // Uppy needs an absolute URL; the local driver's are relative to the app.
      return { url: new URL(uploadURL, window.location.origin).href };
    },
  });
  uppy.on('upload-success', (file) => {
    const uploadURL = file && uploadUrls.get(file.id);
    if (!file || !uploadURL) return;
    options.finalize(uploadURL).then(
      (objectPath) => {
        // Empty again, so another file can replace this one later.
        uppy.clear();
        options.onUploaded(objectPath);
      },
      (error: unknown) => {
        // The file arrived but was refused: take it out so another can be chosen.
        uppy.clear();
        options.onFailed(error);
      },
    );
  });
  return uppy;
}

export interface VideoUploadInput {
  file: File;
  title: string;
  description: string;
  onProgress: (fraction: number) => void;
}

export interface VideoUpload {
  /** The videoUrl once the last byte arrived and the app took the video. */
  done: Promise<string>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/**
 * A resumable upload (tus) to /api/video/tus: a connection that drops is picked up from the last byte the app has,
 * by itself for a while (retry delays), and again when the same file is sent later, even after a reload (the
 * upload's address is remembered in the browser until it finishes).
 */
export function startVideoUpload(input: VideoUploadInput): VideoUpload {
  // Failures reach the person as a toast; the console stays for the page's own errors.
  const uppy = new Uppy({ autoProceed: false, logger: { debug() {}, warn() {}, error() {} } });
  // Once the uploader has let go of the finished upload: destroying inside its own event would cancel it (a DELETE).
  const destroyLater = () => setTimeout(() => uppy.destroy(), 0);
  uppy.use(Tus, {
    endpoint: '/api/video/tus',
    withCredentials: true,
    // Pieces of 5 MB: a proxy's body limit never refuses one, and little is sent twice after a cut.
    chunkSize: 5 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
    removeFingerprintOnSuccess: true,
  });
  const id = uppy.addFile({ name: input.file.name, type: input.file.type, data: input.file, meta: { title: input.title, description: input.description, filetype: input.file.type } });
  uppy.on('upload-progress', (_file, progress) => {
    if (progress.bytesTotal) input.onProgress(progress.bytesUploaded / progress.bytesTotal);
  });
  const done = new Promise<string>((resolve, reject) => {
    uppy.on('upload-success', (_file, response) => {
      const xhr = (response.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
      const videoUrl = xhr?.getResponseHeader('Video-Url');
      if (videoUrl) resolve(videoUrl);
      else reject(apiErrorFrom(xhr?.status ?? 500, xhr?.responseText ?? ''));
      destroyLater();
    });
    uppy.on('upload-error', (_file, _error, response) => {
      // The app's own refusal ({ code, message }) when it answered one; a network failure otherwise.
      const xhr = (response?.body as { xhr?: XMLHttpRequest } | undefined)?.xhr;
      reject(xhr && xhr.status >= 400 ? apiErrorFrom(xhr.status, xhr.responseText || xhr.statusText) : new Error('network'));
      destroyLater();
    });
    uppy.on('cancel-all', () => reject(new DOMException('Upload cancelled', 'AbortError')));
  });
  void uppy.upload();
  return {
    done,
    pause: () => {
      if (uppy.getFile(id) && !uppy.getFile(id).isPaused) uppy.pauseResume(id);
    },
    resume: () => {
      if (uppy.getFile(id)?.isPaused) uppy.pauseResume(id);
    },
    cancel: () => uppy.cancelAll(),
  };
}
