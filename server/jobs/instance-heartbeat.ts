// Each server process says it is alive: its row in app_instances (host, pid, version) is written at start and every
// 20 seconds, and the console's System page lists the processes seen in the last minute. Rows of processes gone for a
// day are removed by whichever process beats; a process that stops cleanly removes its own row.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { appInstances } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { startPeriodicJob } from './periodic.ts';

export const HEARTBEAT_INTERVAL_MS = 20_000;
const GONE_AFTER_MS = 24 * 60 * 60 * 1000;

export function startInstanceHeartbeat(ctx: { db: Db; clock: Clock; logger: Logger; version: string; intervalMs?: number }) {
  // A new id per process: a restarted process (the same pid in a container) is a new instance.
  const id = randomUUID();
  const startedAt = ctx.clock.now();
  const job = startPeriodicJob({
    name: 'instance heartbeat',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? HEARTBEAT_INTERVAL_MS,
    run: async () => {
      const now = ctx.clock.now();
      await ctx.db
        .insert(appInstances)
        .values({ id, host: os.hostname(), pid: process.pid, version: ctx.version, startedAt, seenAt: now })
        .onConflictDoUpdate({ target: appInstances.id, set: { seenAt: now } });
      await ctx.db.delete(appInstances).where(lt(appInstances.seenAt, new Date(now.getTime() - GONE_AFTER_MS)));
    },
  });
  return {
    /** This process's row. */
    id,
    /** Beats once more now (the next run, if one is under way). */
    kick: job.kick,
    /** Waits for a beat under way, then removes this process's row. */
    async stop() {
      await job.stop();
      await ctx.db.delete(appInstances).where(eq(appInstances.id, id));
    },
  };
}
