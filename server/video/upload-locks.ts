// One request at a time writes to a resumable video upload, across every app instance. tus' own locker lives in one
// process's memory; with uploads kept in a bucket, a phone whose connection dropped may come back through another
// instance while the first still writes what it had received, and two writers would mix their pieces. So the lock is
// a lease row in PostgreSQL (video_upload_locks), renewed every second while its request runs; a request that wants
// a held lock marks it, and the holder, seeing the mark at its next renewal, stops its request (as tus' memory locker
// does in one process), which then lets go. A holder that died is waited out: its lease ends after 15 seconds.
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { videoUploadLocks } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';

const LEASE_MS = 15_000;
const RENEW_MS = 1_000;
/** How often a request waiting for a lock tries again. */
const RETRY_MS = 200;
/** As tus' memory locker: a request that cannot get the lock in this time is refused (500, the client retries). */
const ACQUIRE_TIMEOUT_MS = 30_000;

const leaseEnd = () => sql`now() + ${`${LEASE_MS} milliseconds`}::interval`;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

class UploadLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;
  private readonly db: Db;
  private readonly uploadId: string;
  private readonly logger: Logger;

  constructor(db: Db, uploadId: string, logger: Logger) {
    this.db = db;
    this.uploadId = uploadId;
    this.logger = logger;
  }

  private async tryTake(): Promise<boolean> {
    const taken = await this.db
      .insert(videoUploadLocks)
      .values({ uploadId: this.uploadId, holder: this.holder, expiresAt: leaseEnd() })
      .onConflictDoUpdate({
        target: videoUploadLocks.uploadId,
        set: { holder: this.holder, expiresAt: leaseEnd(), releaseRequested: false },
        setWhere: lt(videoUploadLocks.expiresAt, sql`now()`),
      })
      .returning({ holder: videoUploadLocks.holder });
    return taken.length > 0;
  }

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    while (!(await this.tryTake())) {
      if (stopSignal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await this.db
        .update(videoUploadLocks)
        .set({ releaseRequested: true })
        .where(and(eq(videoUploadLocks.uploadId, this.uploadId), ne(videoUploadLocks.holder, this.holder)));
      await wait(RETRY_MS, stopSignal);
    }
    this.renewal = setInterval(() => void this.renew(requestRelease), RENEW_MS);
    this.renewal.unref();
  }

  private async renew(requestRelease: RequestRelease) {
    let keep = false;
    try {
      const [row] = await this.db
        .update(videoUploadLocks)
        .set({ expiresAt: leaseEnd() })
        .where(and(eq(videoUploadLocks.uploadId, this.uploadId), eq(videoUploadLocks.holder, this.holder)))
        .returning({ releaseRequested: videoUploadLocks.releaseRequested });
      keep = row !== undefined && !row.releaseRequested;
    } catch (err) {
      // Not sure to hold it any more: stop writing rather than risk two writers.
      this.logger.warn({ err, uploadId: this.uploadId }, 'could not renew the lock of a video upload');
    }
    if (!keep) {
      clearInterval(this.renewal);
      await requestRelease();
    }
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    await this.db.delete(videoUploadLocks).where(and(eq(videoUploadLocks.uploadId, this.uploadId), eq(videoUploadLocks.holder, this.holder)));
  }
}

export function createUploadLocker(db: Db, logger: Logger): Locker {
  return { newLock: (uploadId) => new UploadLock(db, uploadId, logger) };
}

/** Removes the leases that ended (their holder died, or the upload was given up); the upload clean-up calls it. */
export async function removeEndedUploadLocks(db: Db): Promise<number> {
  const removed = await db.delete(videoUploadLocks).where(lt(videoUploadLocks.expiresAt, sql`now()`)).returning({ uploadId: videoUploadLocks.uploadId });
  return removed.length;
}
