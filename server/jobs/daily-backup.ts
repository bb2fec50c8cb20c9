// The daily backup: every minute each instance looks whether today's slot (BACKUP_TIME, UTC) has begun within the
// hour and is unclaimed; the first to claim it makes the backup, the others find it claimed. An instance started more
// than an hour after the slot leaves it to the next day rather than backing up at an unexpected time.
import type { Logger } from 'pino';
import { dailySlot, makeBackup, type BackupContext } from '../services/backups.ts';
import { startPeriodicJob } from './periodic.ts';

const INTERVAL_MS = 60_000;
const CATCH_UP_MS = 60 * 60_000;

export function startDailyBackup(ctx: BackupContext & { minuteOfDay: number; logger: Logger; intervalMs?: number }) {
  return startPeriodicJob({
    name: 'daily backup',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? INTERVAL_MS,
    run: async () => {
      const now = ctx.clock.now();
      const slot = dailySlot(now, ctx.minuteOfDay);
      if (now.getTime() - slot.getTime() >= CATCH_UP_MS) return;
      await makeBackup(ctx, { trigger: 'daily', scheduledFor: slot });
    },
  });
}
