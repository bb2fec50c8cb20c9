// Every minute, in every instance: is a backup failing, are e-mails failing, is a video stuck? Each kind opens an
// incident once, with an e-mail to every administrator, and resolves it once, with one more (services/incidents.ts,
// docs/operations.md "Incidents"). Safe across instances: each kind is settled under a lock of its own.
import type { Logger } from 'pino';
import { INCIDENT_KINDS, type IncidentKind } from '#shared/incidents.ts';
import { settleIncident, type IncidentContext } from '../services/incidents.ts';
import { startPeriodicJob } from './periodic.ts';

/** One look at every kind; answers which incidents it opened and which it resolved. */
export async function watchIncidents(ctx: IncidentContext): Promise<{ opened: IncidentKind[]; resolved: IncidentKind[] }> {
  const result = { opened: [] as IncidentKind[], resolved: [] as IncidentKind[] };
  for (const kind of INCIDENT_KINDS) {
    const change = await settleIncident(ctx, kind);
    if (change) result[change].push(kind);
  }
  return result;
}

/** Looks every `intervalMs` (default a minute) until stopped; kicks the mailer when it queued e-mail. */
export function startIncidentWatch(ctx: IncidentContext & { logger: Logger; mailer?: { kick(): void }; intervalMs?: number }) {
  return startPeriodicJob({
    name: 'incident watch',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60 * 1000,
    run: async () => {
      const { opened, resolved } = await watchIncidents(ctx);
      if (opened.length > 0) ctx.logger.error({ incidents: opened }, 'incident opened; the administrators are told by e-mail');
      if (resolved.length > 0) ctx.logger.info({ incidents: resolved }, 'incident resolved; the administrators are told by e-mail');
      if (opened.length + resolved.length > 0) ctx.mailer?.kick();
    },
  });
}
