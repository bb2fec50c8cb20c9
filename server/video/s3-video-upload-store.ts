// Resumable video uploads kept in the S3 bucket while they arrive (@tus/s3-store): each upload is a multipart upload
// at the bucket's root under tus' own name (`<id>`, with `<id>.info` for its metadata and `<id>.part` for a piece
// smaller than a part), so any app instance can take the next piece. Finished, the upload is copied to this
// machine for the checks and the video host, then removed from the bucket.
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { KvStore } from '@tus/utils';
import type { Config } from '../config.ts';
import { s3ClientConfig } from '../storage/s3.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import { VIDEO_UPLOAD_TTL_MS, type VideoUploadStore } from './video-upload-store.ts';

/** S3's smallest part, and the browser's piece size (client/src/lib/uploads.ts): each piece is one part, so no
 *  bytes wait in the bucket as a partial part to be read back and sent again. */
const PART_BYTES = 5 * 1024 * 1024;

/** The store keeps each upload's metadata in memory unless given a place: here it reads it from the bucket every
 *  time (one HEAD of `<id>.info`), since another instance may have finished or removed the upload meanwhile, and a
 *  process should hold nothing that grows with the uploads. */
const fromTheBucket: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
};

export function createS3VideoUploadStore(storage: Extract<Config['storage'], { driver: 's3' }>, temporaryDir: string): VideoUploadStore {
  const clientConfig = s3ClientConfig({
    region: storage.region,
    endpoint: storage.endpoint,
    forcePathStyle: storage.forcePathStyle,
    accessKeyId: storage.credentials?.accessKeyId,
    secretAccessKey: storage.credentials?.secretAccessKey,
  });
  const datastore = new S3Store({
    partSize: PART_BYTES,
    minPartSize: PART_BYTES,
    expirationPeriodInMilliseconds: VIDEO_UPLOAD_TTL_MS,
    cache: fromTheBucket,
    s3ClientConfig: { ...clientConfig, bucket: storage.bucket },
  });
  const client = new S3Client(clientConfig);
  return {
    datastore,
    async localFile(id) {
      const filePath = claimTemporaryPath(temporaryDir);
      try {
        await pipeline((await datastore.read(id)) as Readable, createWriteStream(filePath, { flags: 'wx' }));
      } catch (err) {
        await dropTemporaryPath(filePath);
        throw err;
      }
      return { filePath, release: () => dropTemporaryPath(filePath) };
    },
    async remove(id) {
      // The store aborts the multipart upload and deletes the upload and its info, but a finished upload has no
      // multipart upload to abort and it gives up before deleting: the three objects an upload may have are
      // deleted here in any case (deleting what is not there is no error in S3).
      await datastore.remove(id).catch((err: unknown) => {
        if ((err as { status_code?: number }).status_code !== 404) throw err;
      });
      await client.send(
        new DeleteObjectsCommand({
          Bucket: storage.bucket,
          Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }], Quiet: true },
        }),
      );
    },
    deleteExpired: () => datastore.deleteExpired(),
  };
}
