// The embedded default: the video becomes an object in our own storage, played back by the app with HTTP Range.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { objects } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import type { VideoHost } from './video-host.ts';

export function createLocalVideoHost(options: { db: Db; storage: Required<Pick<ObjectStorage, 'putFile'>> }): VideoHost {
  return {
    async upload({ filePath, size, contentType, ownerId }) {
      const key = `video/${randomUUID()}`;
      await options.storage.putFile(key, createReadStream(filePath));
      await options.db.insert(objects).values({ key, kind: 'video', ownerId, contentType, size, status: 'ready' });
      return { videoUrl: `/objects/${key}` };
    },
  };
}
