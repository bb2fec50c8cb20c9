// What tests of copies of data and of account deletion share: the background workers run by hand, on the test
// app's own database and storage, and a ZIP read back entry by entry.
import pino from 'pino';
import type { Response } from 'supertest';
import yauzl from 'yauzl';
import type { Clock } from '../clock.ts';
import { systemClock } from '../clock.ts';
import { eraseNextAccount } from '../jobs/account-deletions.ts';
import { makeNextDataExport, removeExpiredDataExports } from '../jobs/data-exports.ts';
import type { VideoHost } from '../video/video-host.ts';
import type { TestApp } from './app.ts';

export function accountWorkers(testApp: TestApp, options: { clock?: Clock; videoHost?: VideoHost } = {}) {
  const base = {
    db: testApp.testDatabase.database.db,
    clock: options.clock ?? systemClock,
    storage: testApp.storage,
    logger: pino({ level: 'silent' }),
  };
  const exports = {
    ...base,
    productName: testApp.config.productName,
    publicUrl: testApp.config.publicUrl,
    secret: testApp.config.sessionSecret!,
    temporaryDir: testApp.config.temporaryDir,
    mailer: { kick() {} },
  };
  return {
    /** Makes every copy that is due; answers how many. */
    async makeExports(): Promise<number> {
      let made = 0;
      while (await makeNextDataExport(exports)) made += 1;
      return made;
    },
    removeExpiredExports: () => removeExpiredDataExports(exports),
    /** Erases every account whose deletion is due; answers how many. */
    async eraseAccounts(): Promise<number> {
      let erased = 0;
      while (await eraseNextAccount({ ...base, videoHost: options.videoHost ?? testApp.services.videoHost })) erased += 1;
      return erased;
    },
  };
}

/** The entries of a ZIP, by name. */
export function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A supertest parser that keeps a binary answer as a Buffer. */
export function binary(res: Response, callback: (err: Error | null, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
  stream.on('error', (err: Error) => callback(err, Buffer.alloc(0)));
}
