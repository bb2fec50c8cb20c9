// Picks where resumable video uploads wait, from the configuration (the stores themselves know nothing of each
// other; docs/video.md).
import type { Config } from '../config.ts';
import { createFileVideoUploadStore, type VideoUploadStore } from './video-upload-store.ts';

/** The bucket's store with the s3 driver (its SDK loaded only then), the disk's otherwise. */
export async function createVideoUploadStore(config: Pick<Config, 'storage' | 'videoUploadDir' | 'temporaryDir'>): Promise<VideoUploadStore> {
  if (config.storage.driver !== 's3') return createFileVideoUploadStore(config.videoUploadDir);
  const { createS3VideoUploadStore } = await import('./s3-video-upload-store.ts');
  return createS3VideoUploadStore(config.storage, config.temporaryDir);
}
