// The embedded default: the video becomes an object in our own storage, made playable on every phone in the
// background, and played back by the app with HTTP Range.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { objects, videoJobs } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { OBJECT_KEY, type ObjectStorage } from '../storage/object-storage.ts';
import type { VideoHost } from './video-host.ts';

const keyOf = (videoUrl: string) => {
  const key = videoUrl.startsWith('/objects/video/') ? videoUrl.slice('/objects/'.length) : undefined;
  return key && OBJECT_KEY.test(key) ? key : undefined;
};

/** The poster of a video the app made playable: poster/<the video's id>. */
export const posterKeyOf = (videoKey: string) => `poster/${videoKey.slice(videoKey.indexOf('/') + 1)}`;

export function createLocalVideoHost(options: { db: Db; storage: Pick<ObjectStorage, 'putFile' | 'delete'> }): VideoHost {
  return {
    objectKeyOf: keyOf,

    async upload({ filePath, size, contentType, ownerId }) {
      const key = `video/${randomUUID()}`;
      await options.storage.putFile(key, createReadStream(filePath), { size, contentType });
      // Usable in a profile at once; made playable on every phone in the background (jobs/process-videos.ts).
      await options.db.transaction(async (tx) => {
        await tx.insert(objects).values({ key, kind: 'video', ownerId, contentType, size, status: 'ready' });
        await tx.insert(videoJobs).values({ objectKey: key });
      });
      return { videoUrl: `/objects/${key}` };
    },

    async delete(videoUrl) {
      const key = keyOf(videoUrl);
      if (!key) return;
      await Promise.all([options.storage.delete(key), options.storage.delete(posterKeyOf(key))]);
    },
  };
}
