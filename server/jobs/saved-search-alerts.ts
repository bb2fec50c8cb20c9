// Every ten minutes: the saved searches whose alert is due get their e-mail (server/services/saved-searches.ts).
import type { Logger } from 'pino';
import { sendDueSearchAlerts, type SavedSearchAlertContext } from '../services/saved-searches.ts';
import { startPeriodicJob } from './periodic.ts';

export function startSavedSearchAlerts(ctx: SavedSearchAlertContext & { logger: Logger; mailer?: { kick(): void }; intervalMs?: number }) {
  return startPeriodicJob({
    name: 'saved search alerts',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 10 * 60 * 1000,
    run: async () => {
      const sent = await sendDueSearchAlerts(ctx);
      if (sent > 0) {
        ctx.logger.info({ sent }, 'saved search alerts queued');
        ctx.mailer?.kick();
      }
    },
  });
}
