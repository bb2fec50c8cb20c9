// What waits in the product's work queues, read from PostgreSQL: for Prometheus (metrics.ts) and for the console's
// System page. The tables are the truth across instances and restarts (docs/decisions/0048).
import { sql } from 'drizzle-orm';
import type { JobQueue } from '#shared/system-status.ts';
import type { Db } from '../db/client.ts';

export interface BacklogReading {
  queue: JobQueue;
  state: string;
  items: number;
  /** When the oldest of them was queued. */
  oldest: Date | null;
}

/**
 * One statement for every queue, each part on the index its worker uses to find work (email_outbox_due_idx,
 * video_jobs_state_run_after_idx, data_exports_due_idx, account_deletions_due_idx). States with no item have no row.
 */
export async function readJobBacklogs(db: Db): Promise<BacklogReading[]> {
  const { rows } = await db.execute<{ queue: JobQueue; state: string; items: string; oldest: string | null }>(sql`
    select 'outbox' as queue, status as state, count(*) as items, extract(epoch from min(created_at)) as oldest
      from email_outbox where status in ('pending', 'failed') group by status
    union all
    select 'video_jobs', state, count(*), extract(epoch from min(created_at))
      from video_jobs where state in ('queued', 'running', 'failed') group by state
    union all
    select 'data_exports', state, count(*), extract(epoch from min(created_at))
      from data_exports where state in ('queued', 'running', 'failed') group by state
    union all
    select 'account_deletions', state, count(*), extract(epoch from min(created_at))
      from account_deletions where state in ('queued', 'running', 'failed') group by state`);
  return rows.map((row) => ({
    queue: row.queue,
    state: row.state,
    items: Number(row.items),
    oldest: row.oldest === null ? null : new Date(Number(row.oldest) * 1000),
  }));
}
