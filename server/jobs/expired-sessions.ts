// Sessions past their idle deadline are never read again (the store reads only live ones); their rows are removed
// every quarter of an hour so the table holds the live sessions, not every session ever started.
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { removeExpiredSessions } from '../services/sessions.ts';
import { startPeriodicJob } from './periodic.ts';

const INTERVAL_MS = 15 * 60 * 1000;

export function startExpiredSessionRemoval(ctx: { db: Db; clock: Clock; logger: Logger }) {
  return startPeriodicJob({
    name: 'expired session removal',
    logger: ctx.logger,
    intervalMs: INTERVAL_MS,
    run: async () => {
      await removeExpiredSessions(ctx.db, ctx.clock.now());
    },
  });
}
