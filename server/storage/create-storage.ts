// Picks the storage driver the configuration names. Cloud SDKs are loaded only when their driver is chosen.
import path from 'node:path';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { createLocalStorage } from './local.ts';
import type { ObjectStorage } from './object-storage.ts';

export async function createStorage(config: Pick<Config, 'storage' | 'dataDir' | 'sessionSecret'>, clock: Clock): Promise<ObjectStorage> {
  const storage = config.storage;
  switch (storage.driver) {
    case 's3': {
      const { createS3Storage } = await import('./s3.ts');
      return createS3Storage({
        bucket: storage.bucket,
        region: storage.region,
        endpoint: storage.endpoint,
        forcePathStyle: storage.forcePathStyle,
        accessKeyId: storage.credentials?.accessKeyId,
        secretAccessKey: storage.credentials?.secretAccessKey,
        clock,
      });
    }
    case 'gcs': {
      const { createGcsStorage } = await import('./gcs.ts');
      return createGcsStorage({ bucket: storage.bucket, projectId: storage.projectId, keyFilename: storage.keyFile, clock });
    }
    case 'local':
      if (!config.sessionSecret) throw new Error('The local storage driver needs the session secret to sign upload links');
      return createLocalStorage({ root: path.join(config.dataDir, 'objects'), secret: config.sessionSecret, clock });
  }
}
