// Erases the accounts whose deletion was asked (services/account-deletion.ts), one at a time per process: a deletion
// is claimed with FOR UPDATE SKIP LOCKED and a lease, so across processes each runs once at a time, and one whose
// worker died is taken again when its lease runs out. A failure (a file store or Vimeo unreachable) is tried again
// every ten minutes, so the erasure ends well within a day; the erasure is idempotent.
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { accountDeletions, auditLog, type AccountDeletion } from '#shared/schema.ts';
import { eraseAccount, type DeletionContext } from '../services/account-erasure.ts';
import { whileDeletingFiles } from '../services/file-deletions.ts';
import { startPeriodicJob } from './periodic.ts';

const LEASE_MS = 30 * 60 * 1000;
const RETRY_DELAY_MS = 10 * 60 * 1000;

export type DeletionWorkerContext = DeletionContext & { logger: Logger };

async function claimNext(ctx: DeletionWorkerContext): Promise<AccountDeletion | undefined> {
  const now = ctx.clock.now().toISOString();
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    update account_deletions set state = 'running', attempts = attempts + 1,
      locked_until = ${new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString()}
    where id = (
      select id from account_deletions
      where (state in ('queued', 'failed') and run_after <= ${now}) or (state = 'running' and locked_until < ${now})
      order by run_after
      limit 1
      for update skip locked)
    returning id`);
  if (!rows[0]) return undefined;
  const [row] = await ctx.db.select().from(accountDeletions).where(eq(accountDeletions.id, rows[0].id));
  return row;
}

/** Erases the next due account, if any; answers whether there was one. */
export async function eraseNextAccount(ctx: DeletionWorkerContext): Promise<boolean> {
  const job = await claimNext(ctx);
  if (!job) return false;
  try {
    const summary = await whileDeletingFiles(ctx.db, () => eraseAccount(ctx, job));
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(accountDeletions)
        .set({ state: 'done', lockedUntil: null, errorDetail: null, summary, doneAt: now })
        .where(and(eq(accountDeletions.id, job.id), eq(accountDeletions.state, 'running')));
      // Counts only: nothing here names the person.
      await tx.insert(auditLog).values({ actorId: null, action: 'account.deleted', subjectType: 'user', subjectId: job.userId, details: { role: job.role, ...summary }, at: now });
    });
    ctx.logger.info({ deletion: job.id, ...summary }, 'account erased');
  } catch (err) {
    await ctx.db
      .update(accountDeletions)
      .set({ state: 'failed', lockedUntil: null, runAfter: new Date(ctx.clock.now().getTime() + RETRY_DELAY_MS), errorDetail: String((err as Error).message ?? err).slice(0, 500) })
      .where(and(eq(accountDeletions.id, job.id), eq(accountDeletions.state, 'running')));
    ctx.logger.error({ err, deletion: job.id, attempt: job.attempts }, 'account erasure failed; it will be tried again');
  }
  return true;
}

/** Looks for due deletions every `intervalMs` (default a minute; `kick()` looks at once) until stopped. */
export function startAccountDeletions(ctx: DeletionWorkerContext & { intervalMs?: number }) {
  let stopping = false;
  const job = startPeriodicJob({
    name: 'account deletions',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60_000,
    run: async () => {
      while (!stopping && (await eraseNextAccount(ctx))) {
        /* the next one */
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
