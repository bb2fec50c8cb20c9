// Where resumable (tus) video uploads wait until their last byte arrives, possibly for hours. With the s3 storage
// driver they wait in the bucket (@tus/s3-store: a multipart upload per video), so an upload begun through one app
// instance goes on through any other. Otherwise they wait on this machine's disk (DATA_DIR/video-uploads), and
// behind a load balancer a cut upload only goes on through the instance that has it (docs/video.md).
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

/** A phone may pause an upload overnight; after a day the upload is given up (answers 410) and removed. */
export const VIDEO_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export interface VideoUploadStore {
  /** tus' store of the uploads. */
  readonly datastore: DataStore;
  /** A file on this machine with the finished upload's bytes, for the checks and the video host; `release` when
   *  done with it. */
  localFile(id: string): Promise<{ filePath: string; release(): Promise<void> }>;
  /** Removes an upload, finished or not, with everything it left. */
  remove(id: string): Promise<void>;
  /** Removes the uploads not finished within a day; how many. */
  deleteExpired(): Promise<number>;
  /** Where the store writes files of its own (the upload clean-up sweeps what a killed process left there). */
  readonly directory?: string;
}

export function createFileVideoUploadStore(directory: string): VideoUploadStore {
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: VIDEO_UPLOAD_TTL_MS });
  return {
    datastore,
    directory,
    localFile: async (id) => ({ filePath: path.join(directory, id), release: async () => {} }),
    remove: (id) => datastore.remove(id),
    deleteExpired: () => datastore.deleteExpired(),
  };
}

