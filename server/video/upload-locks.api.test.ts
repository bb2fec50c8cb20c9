// The lock of a resumable video upload, shared by every app instance through PostgreSQL.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@tus/utils';
import { videoUploadLocks } from '#shared/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { createUploadLocker, removeEndedUploadLocks } from './upload-locks.ts';

let testDb: TestDatabase;
const db = () => testDb.database.db;
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const rowsOf = (uploadId: string) => db().select().from(videoUploadLocks).where(eq(videoUploadLocks.uploadId, uploadId));

describe('the lock of a video upload', () => {
  it('makes a second writer, in another process, ask the first to stop and wait until it let go', async () => {
    const id = randomUUID();
    // Two lockers, as two app instances have.
    const first = createUploadLocker(db(), logger).newLock(id);
    const second = createUploadLocker(db(), logger).newLock(id);
    let releaseAsked!: () => void;
    const asked = new Promise<void>((resolve) => (releaseAsked = resolve));
    await first.lock(new AbortController().signal, () => releaseAsked());

    let secondHasIt = false;
    const taking = second.lock(new AbortController().signal, () => {}).then(() => (secondHasIt = true));
    // The first hears of it at its next renewal and stops its request, which lets go.
    await asked;
    expect(secondHasIt).toBe(false);
    await first.unlock();
    await taking;
    const [row] = await rowsOf(id);
    expect(row!.releaseRequested).toBe(false);
    await second.unlock();
    expect(await rowsOf(id)).toEqual([]);
  });

  it('takes over the lease of a holder that died once it ended, and not before', async () => {
    const id = randomUUID();
    await db().insert(videoUploadLocks).values({ uploadId: id, holder: 'a process that was killed', expiresAt: sql`now() - interval '1 second'` });
    const lock = createUploadLocker(db(), logger).newLock(id);
    await lock.lock(new AbortController().signal, () => {});
    const [row] = await rowsOf(id);
    expect(row!.holder).not.toBe('a process that was killed');
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    await lock.unlock();
  });

  it('gives up waiting when the request stops, leaving the holder its lock', async () => {
    const id = randomUUID();
    await db().insert(videoUploadLocks).values({ uploadId: id, holder: 'a live holder', expiresAt: sql`now() + interval '1 minute'` });
    const stop = new AbortController();
    const waiting = createUploadLocker(db(), logger).newLock(id).lock(stop.signal, () => {});
    stop.abort();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    const [row] = await rowsOf(id);
    expect(row!.holder).toBe('a live holder');
  });

  it('leaves only live leases after the clean-up', async () => {
    const [ended, live] = [randomUUID(), randomUUID()];
    await db().insert(videoUploadLocks).values([
      { uploadId: ended, holder: 'gone', expiresAt: sql`now() - interval '1 second'` },
      { uploadId: live, holder: 'here', expiresAt: sql`now() + interval '1 minute'` },
    ]);
    expect(await removeEndedUploadLocks(db())).toBeGreaterThanOrEqual(1);
    expect(await rowsOf(ended)).toEqual([]);
    expect(await rowsOf(live)).toHaveLength(1);
  });
});
