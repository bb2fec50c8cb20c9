// Hourly: the job seekers due to be asked whether they are still looking get their e-mail (services/still-looking.ts).
import type { Logger } from 'pino';
import { askStillLooking, type StillLookingContext } from '../services/still-looking.ts';
import { startPeriodicJob } from './periodic.ts';

export function startStillLookingAsks(ctx: StillLookingContext & { logger: Logger; mailer?: { kick(): void }; intervalMs?: number }) {
  return startPeriodicJob({
    name: 'still looking asks',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60 * 60 * 1000,
    run: async () => {
      const asked = await askStillLooking(ctx);
      if (asked > 0) {
        ctx.logger.info({ asked }, 'job seekers asked whether they are still looking');
        ctx.mailer?.kick();
      }
    },
  });
}
