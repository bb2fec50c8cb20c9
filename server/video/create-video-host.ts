// Picks the video host the configuration names. The Vimeo library is loaded only when it is chosen.
import { stat } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import { createLocalVideoHost } from './local.ts';
import { makePlayable, UnreadableVideoError } from './make-playable.ts';
import type { VideoHost } from './video-host.ts';

export async function createVideoHost(
  config: Pick<Config, 'video' | 'ffmpeg' | 'temporaryDir'>,
  deps: { db: Db; storage: ObjectStorage },
): Promise<VideoHost> {
  if (config.video.driver === 'vimeo') {
    const { createVimeoVideoHost } = await import('./vimeo.ts');
    return createVimeoVideoHost({ db: deps.db, accessToken: config.video.accessToken, prepare: playableCopy(config) });
  }
  return createLocalVideoHost(deps);
}

/**
 * The playable MP4 of a received video, made before it is relayed (a video host keeps what it is sent). A file
 * ffmpeg cannot read is refused to the uploader at once, with the same message the background processing gives.
 */
export function playableCopy(config: Pick<Config, 'ffmpeg' | 'temporaryDir'>) {
  return async (received: { filePath: string }) => {
    const videoPath = claimTemporaryPath(config.temporaryDir);
    const posterPath = claimTemporaryPath(config.temporaryDir);
    const dispose = () => Promise.all([dropTemporaryPath(videoPath), dropTemporaryPath(posterPath)]).then(() => undefined);
    try {
      await makePlayable(config.ffmpeg, received.filePath, { videoPath, posterPath });
      return { filePath: videoPath, size: (await stat(videoPath)).size, contentType: 'video/mp4', dispose };
    } catch (err) {
      await dispose();
      if (err instanceof UnreadableVideoError) throw new DomainError('video.unreadable');
      throw err;
    }
  };
}
