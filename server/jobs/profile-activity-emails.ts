// Hourly: the job seekers whose weekly e-mail of what companies did with their profile is due get it
// (services/profile-activity.ts). Each goes at most once a week, and only when something happened.
import type { Logger } from 'pino';
import { sendActivityEmails, type ActivityEmailContext } from '../services/profile-activity.ts';
import { startPeriodicJob } from './periodic.ts';

export function startProfileActivityEmails(ctx: ActivityEmailContext & { logger: Logger; mailer?: { kick(): void }; intervalMs?: number }) {
  return startPeriodicJob({
    name: 'profile activity e-mails',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60 * 60 * 1000,
    run: async () => {
      const sent = await sendActivityEmails(ctx);
      if (sent > 0) {
        ctx.logger.info({ sent }, 'profile activity e-mails queued');
        ctx.mailer?.kick();
      }
    },
  });
}
