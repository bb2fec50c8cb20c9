// Picks the video host the configuration names. The Vimeo library is loaded only when it is chosen.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { createLocalVideoHost } from './local.ts';
import type { VideoHost } from './video-host.ts';

export async function createVideoHost(config: Pick<Config, 'video'>, deps: { db: Db; storage: ObjectStorage }): Promise<VideoHost> {
  if (config.video.driver === 'vimeo') {
    const { createVimeoVideoHost } = await import('./vimeo.ts');
    return createVimeoVideoHost({ db: deps.db, accessToken: config.video.accessToken });
  }
  return createLocalVideoHost(deps);
}
