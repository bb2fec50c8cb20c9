// The embedded default: the video becomes an object in our own storage, played back by the app with HTTP Range.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { objects } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { OBJECT_KEY, type ObjectStorage } from '../storage/object-storage.ts';
import type { VideoHost } from './video-host.ts';

const keyOf = (videoUrl: string) => {
  const key = videoUrl.startsWith('/objects/video/') ? videoUrl.slice('/objects/'.length) : undefined;
  return key && OBJECT_KEY.test(key) ? key : undefined;
};

export function createLocalVideoHost(options: { db: Db; storage: Pick<ObjectStorage, 'putFile' | 'delete'> }): VideoHost {
  return {
    objectKeyOf: keyOf,

    async upload({ filePath, size, contentType, ownerId }) {
      const key = `video/${randomUUID()}`;
      await options.storage.putFile(key, createReadStream(filePath), { size, contentType });
      await options.db.insert(objects).values({ key, kind: 'video', ownerId, contentType, size, status: 'ready' });
      return { videoUrl: `/objects/${key}` };
    },

    async delete(videoUrl) {
      const key = keyOf(videoUrl);
      if (!key) return;
      await options.storage.delete(key);
    },
  };
}
