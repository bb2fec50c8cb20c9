// Uploads of documents from the browser (CV, resume) go through Uppy by the two-step flow: the app hands out a signed
// URL, Uppy PUTs the file there with progress, then the app checks it. The introduction video has its own resumable
// sender (features/profile/video-sending.ts, docs/video.md).
import Uppy from '@uppy/core';
import AwsS3 from '@uppy/aws-s3';
import { DOCUMENT_EXTENSIONS, LIMITS } from '#shared/constants.ts';

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
      (objectPath) =>
        // Empty again, so another file can replace this one later.
        afterTheRun(uppy, () => {
          uppy.clear();
          options.onUploaded(objectPath);
        }),
      (error: unknown) =>
        // The file arrived but was refused: take it out so another can be chosen.
        afterTheRun(uppy, () => {
          uppy.clear();
          options.onFailed(error);
        }),
    );
  });
  return uppy;
}

/**
 * Runs `then` once Uppy's upload run is over, completed or failed: the check can answer before Uppy has finished the
 * run that sent the file, and emptying Uppy then takes the run's record from under it.
 */
function afterTheRun(uppy: Uppy, then: () => void) {
  if (Object.keys(uppy.getState().currentUploads).length === 0) return then();
  const over = () => {
    uppy.off('complete', over);
    uppy.off('error', over);
    then();
  };
  uppy.on('complete', over);
  uppy.on('error', over);
}
