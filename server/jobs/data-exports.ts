// Makes the copies of data people ask for (services/data-export.ts), one at a time per process: a copy is claimed
// with FOR UPDATE SKIP LOCKED and a lease, so across any number of processes each is made once, and one whose worker
// died is taken again when its lease runs out. A failure is tried again later, three times in all. Copies whose link
// has expired lose their file.
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { dataExports, type DataExport } from '#shared/schema.ts';
import { buildDataExport, type DataExportBuildContext } from '../services/data-export-zip.ts';
import { holdFileDeletions } from '../services/file-deletions.ts';
import { startPeriodicJob } from './periodic.ts';

export const EXPORT_MAX_ATTEMPTS = 3;
/** Longer than making any copy takes. */
const LEASE_MS = 30 * 60 * 1000;
const RETRY_DELAY_MS = 5 * 60 * 1000;

export type DataExportWorkerContext = DataExportBuildContext & { logger: Logger; mailer: { kick(): void } };

async function claimNext(ctx: DataExportWorkerContext): Promise<DataExport | undefined> {
  const now = ctx.clock.now().toISOString();
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    update data_exports set state = 'running', attempts = attempts + 1,
      locked_until = ${new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString()}
    where id = (
      select id from data_exports
      where (state = 'queued' and run_after <= ${now}) or (state = 'running' and locked_until < ${now})
      order by run_after
      limit 1
      for update skip locked)
    returning id`);
  if (!rows[0]) return undefined;
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, rows[0].id));
  return row;
}

/** Makes the next due copy, if any; answers whether there was one. */
export async function makeNextDataExport(ctx: DataExportWorkerContext): Promise<boolean> {
  const row = await claimNext(ctx);
  if (!row) return false;
  try {
    await buildDataExport(ctx, row);
    ctx.mailer.kick();
    ctx.logger.info({ export: row.id, scope: row.scope }, 'copy of data made');
  } catch (err) {
    const last = row.attempts >= EXPORT_MAX_ATTEMPTS;
    await ctx.db
      .update(dataExports)
      .set({
        state: last ? 'failed' : 'queued',
        lockedUntil: null,
        runAfter: new Date(ctx.clock.now().getTime() + RETRY_DELAY_MS * row.attempts),
        errorDetail: String((err as Error).message ?? err).slice(0, 500),
      })
      .where(and(eq(dataExports.id, row.id), eq(dataExports.state, 'running')));
    ctx.logger.error({ err, export: row.id, attempt: row.attempts }, last ? 'copy of data failed for good' : 'copy of data failed; it will be tried again');
  }
  return true;
}

/** Deletes the files of copies whose link has expired; answers how many. */
export async function removeExpiredDataExports(ctx: Pick<DataExportWorkerContext, 'db' | 'clock' | 'storage'>, batchSize = 100): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await holdFileDeletions(tx);
    const rows = await tx
      .select({ id: dataExports.id, objectKey: dataExports.objectKey })
      .from(dataExports)
      .where(and(eq(dataExports.state, 'ready'), lte(dataExports.expiresAt, ctx.clock.now())))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    for (const row of rows) {
      if (row.objectKey) await ctx.storage.delete(row.objectKey);
      await tx.update(dataExports).set({ state: 'expired', objectKey: null }).where(eq(dataExports.id, row.id));
    }
    return rows.length;
  });
}

/** Looks for due copies every `intervalMs` (default 5 s; `kick()` looks at once) until stopped. */
export function startDataExports(ctx: DataExportWorkerContext & { intervalMs?: number }) {
  let stopping = false;
  let sweptAt = 0;
  const job = startPeriodicJob({
    name: 'copies of data',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 5000,
    run: async () => {
      while (!stopping && (await makeNextDataExport(ctx))) {
        /* the next one */
      }
      // Expired files: every few minutes is soon enough.
      if (ctx.clock.now().getTime() - sweptAt > 5 * 60 * 1000) {
        sweptAt = ctx.clock.now().getTime();
        while (!stopping && (await removeExpiredDataExports(ctx)) > 0) {
          /* the next batch */
        }
      }
    },
  });
  return {
    kick: () => job.kick(),
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
