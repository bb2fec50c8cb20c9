// Each server process keeps its row in app_instances fresh while it runs, clears rows of processes gone for a day,
// and removes its own row when it stops; the System page lists the processes seen in the last minute.
import os from 'node:os';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appInstances } from '#shared/schema.ts';
import { readSystemStatus } from '../services/system-status.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { startInstanceHeartbeat } from './instance-heartbeat.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const db = () => testDb.database.db;
const rowOf = async (id: string) => (await db().select().from(appInstances).where(eq(appInstances.id, id)))[0];

describe('the instance heartbeat', () => {
  it('writes this process at start and on every beat, removes processes gone for a day, and its own row when it stops', async () => {
    let now = new Date('2026-03-01T10:00:00.000Z');
    const clock = { now: () => now };
    const other = (id: string, seenAt: Date) => ({ id, host: 'app-2', pid: 7, version: '0.0.9', startedAt: new Date(seenAt.getTime() - HOUR), seenAt });
    await db()
      .insert(appInstances)
      .values([other('gone-for-two-days', new Date(now.getTime() - 48 * HOUR)), other('quiet-for-an-hour', new Date(now.getTime() - HOUR))]);

    // Beats every 50 ms here, so the test waits for beats rather than for 20 seconds.
    const heartbeat = startInstanceHeartbeat({ db: db(), clock, logger: pino({ level: 'silent' }), version: '1.4.2', intervalMs: 50 });
    try {
      await vi.waitFor(async () => expect(await rowOf(heartbeat.id)).toBeDefined());
      expect(await rowOf(heartbeat.id)).toEqual({ id: heartbeat.id, host: os.hostname(), pid: process.pid, version: '1.4.2', startedAt: now, seenAt: now });
      expect(await rowOf('gone-for-two-days')).toBeUndefined();
      expect(await rowOf('quiet-for-an-hour')).toBeDefined();

      const started = now;
      now = new Date(now.getTime() + 20_000);
      await vi.waitFor(async () => expect((await rowOf(heartbeat.id))!.seenAt).toEqual(now));
      expect((await rowOf(heartbeat.id))!.startedAt).toEqual(started);

      // The System page lists it, and not the process quiet for an hour.
      const status = await readSystemStatus({ db: db(), clock, version: '1.4.2' });
      expect(status.instances.map((i) => i.id)).toEqual([heartbeat.id]);
      expect(status.instances[0]).toMatchObject({ host: os.hostname(), pid: process.pid, version: '1.4.2', startedAt: started.toISOString(), seenAt: now.toISOString() });

      // A day later the quiet one is gone too.
      now = new Date(now.getTime() + 24 * HOUR);
      await vi.waitFor(async () => expect(await rowOf('quiet-for-an-hour')).toBeUndefined());
    } finally {
      await heartbeat.stop();
    }
    expect(await rowOf(heartbeat.id)).toBeUndefined();
  });

  it('gives each process start an id of its own', async () => {
    const clock = { now: () => new Date() };
    const first = startInstanceHeartbeat({ db: db(), clock, logger: pino({ level: 'silent' }), version: '1.4.2' });
    const second = startInstanceHeartbeat({ db: db(), clock, logger: pino({ level: 'silent' }), version: '1.4.2' });
    try {
      expect(first.id).not.toBe(second.id);
      await vi.waitFor(async () => {
        expect(await rowOf(first.id)).toBeDefined();
        expect(await rowOf(second.id)).toBeDefined();
      });
    } finally {
      await first.stop();
    }
    // One stopping leaves the other running.
    expect(await rowOf(first.id)).toBeUndefined();
    expect(await rowOf(second.id)).toBeDefined();
    await second.stop();
    expect(await rowOf(second.id)).toBeUndefined();
  });
});
