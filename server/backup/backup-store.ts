// Where backup archives are kept: DATA_DIR/backups with the local storage driver, else under backups/ in the same
// bucket as the files (one key per archive, named by its row's id). The archive is written to a local file first,
// since a bucket upload needs its size.
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';

export interface BackupStore {
  /** Where archives go, for the log and the console. */
  readonly location: string;
  /** Where an archive is written while it is made (on the same disk as its final place, when that is a disk). */
  scratchPath(backupId: string): string;
  /** Keeps the finished archive at `localPath` (moved, or uploaded and then deleted); returns its file name. */
  keep(backupId: string, startedAt: Date, localPath: string): Promise<string>;
  open(fileName: string): Promise<{ stream: Readable; size: number } | undefined>;
  remove(fileName: string): Promise<void>;
}

/** The name a person sees (and downloads) for an archive. */
export function archiveName(productName: string, startedAt: Date): string {
  const slug = productName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'backup';
  return `${slug}-backup-${startedAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z.zip`;
}

export function createBackupStore(config: Pick<Config, 'dataDir' | 'storage' | 'productName' | 'temporaryDir'>, storage: ObjectStorage): BackupStore {
  if (config.storage.driver === 'local') {
    const dir = path.join(config.dataDir, 'backups');
    const fileOf = (fileName: string) => path.join(dir, path.basename(fileName));
    return {
      location: dir,
      scratchPath: (backupId) => path.join(dir, `.${backupId}.partial`),
      async keep(backupId, startedAt, localPath) {
        await mkdir(dir, { recursive: true });
        // Two backups may start in the same second (the daily one and a command): the id keeps them apart.
        const fileName = archiveName(config.productName, startedAt).replace(/\.zip$/, `-${backupId.slice(0, 8)}.zip`);
        await rename(localPath, fileOf(fileName));
        return fileName;
      },
      async open(fileName) {
        const size = await stat(fileOf(fileName)).then((s) => s.size, () => undefined);
        return size === undefined ? undefined : { stream: createReadStream(fileOf(fileName)), size };
      },
      async remove(fileName) {
        await rm(fileOf(fileName), { force: true });
      },
    };
  }
  return {
    scratchPath: (backupId) => path.join(config.temporaryDir, `backup-${backupId}.zip`),
    location: `backups/ in the ${config.storage.driver === 's3' ? 'S3' : 'Cloud Storage'} bucket ${config.storage.bucket}`,
    async keep(backupId, _startedAt, localPath) {
      const key = `backups/${backupId}`;
      const { size } = await stat(localPath);
      await storage.putFile(key, createReadStream(localPath), { size, contentType: 'application/zip' });
      await rm(localPath, { force: true });
      return key;
    },
    async open(fileName) {
      const found = await storage.stat(fileName);
      return found ? { stream: await storage.createReadStream(fileName), size: found.size } : undefined;
    },
    async remove(fileName) {
      await storage.delete(fileName);
    },
  };
}
