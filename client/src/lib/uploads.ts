// Uploads from the browser. Documents (CV, resume) go through Uppy by the two-step flow of SPEC 7: the app hands
// out a signed URL, Uppy PUTs the file there with progress, then the app checks it. Videos are posted to the app
// as multipart with XMLHttpRequest, the one browser API that reports upload progress.
import Uppy, { type UppyOptions } from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import { DOCUMENT_EXTENSIONS, LIMITS } from '#shared/constants.ts';
import { apiErrorFrom } from './api-client';

export interface DocumentUploadOptions {
  /** Step 1: a signed URL for one file (POST .../upload). */
  getUploadUrl: () => Promise<string>;
  /** Step 3: the app checks the file that arrived at that URL (PUT .../acl) and answers its objectPath. */
  finalize: (uploadURL: string) => Promise<string>;
  onUploaded: (objectPath: string) => void;
  onFailed: (error: unknown) => void;
  /** Uppy's texts in the reader's language. */
  locale?: UppyOptions<Record<string, never>, Record<string, never>>['locale'];
}

/** One Uppy for one document: PDF, DOC or DOCX of at most 5 MB, by a single signed PUT. */
export function createDocumentUppy(options: DocumentUploadOptions): Uppy {
  const uploadUrls = new Map<string, string>();
  const uppy = new Uppy({
    autoProceed: true,
    locale: options.locale,
    restrictions: {
      maxNumberOfFiles: LIMITS.documentMaxFiles,
      maxFileSize: LIMITS.documentMaxBytes,
      allowedFileTypes: [...DOCUMENT_EXTENSIONS],
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
  signal: AbortSignal;
}

/** POST /api/video/upload (SPEC 7): multipart video, title and description; answers the videoUrl. */
export function uploadVideoFile(input: VideoUploadInput): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('title', input.title);
    body.append('description', input.description);
    body.append('video', input.file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/video/upload');
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve((JSON.parse(xhr.responseText) as { videoUrl: string }).videoUrl);
        } catch {
          reject(apiErrorFrom(xhr.status, xhr.responseText || xhr.statusText));
        }
        return;
      }
      reject(apiErrorFrom(xhr.status, xhr.responseText || xhr.statusText));
    };
    xhr.onerror = () => reject(new Error('network'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    input.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
