// The console's System page: is the product healthy? Its backups, what waits in its queues, e-mails given up on, the
// size of its database and files, its version and migration, open incidents and the server processes running. Every
// figure is read from PostgreSQL, so any instance answers for all of them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, desc, gt, isNull, sql } from 'drizzle-orm';
import {
  BACKUPS_SHOWN,
  FAILED_EMAILS_HOURS,
  FAILED_EMAILS_SHOWN,
  JOB_QUEUES,
  type JobBacklog,
  type JobQueue,
  type SystemBackup,
  type SystemStatus,
} from '#shared/system-status.ts';
import { appInstances, backups, incidents, type Backup } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { readJobBacklogs } from './job-backlogs.ts';
import { recentlyFailedEmails } from './outbox-admin.ts';

/** A process is listed while it has beaten in the last minute (it beats every 20 seconds: jobs/instance-heartbeat.ts). */
const INSTANCE_SEEN_MS = 60_000;
const HOUR_MS = 3_600_000;

export interface SystemStatusContext {
  db: Db;
  clock: Clock;
  /** The version of the product this process runs. */
  version: string;
  /** When the server backs up every day (minutes after midnight UTC); undefined when daily backups are off. */
  dailyBackupMinute?: number | undefined;
}

export function backupView(row: Backup): SystemBackup {
  return {
    id: row.id,
    trigger: row.trigger as SystemBackup['trigger'],
    state: row.state as SystemBackup['state'],
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    size: row.size,
    errorDetail: row.errorDetail,
    removedAt: row.removedAt?.toISOString() ?? null,
    downloadable: isDownloadable(row),
  };
}

/** A backup whose archive is kept: made, not removed since, with its file's name. */
export const isDownloadable = (row: Pick<Backup, 'state' | 'removedAt' | 'fileName'>) => row.state === 'succeeded' && !row.removedAt && !!row.fileName;

// drizzle's migrator records each migration by its journal entry's `when` (created_at); the journal names it.
let journal: Promise<Map<number, string>> | undefined;
function migrationNames(): Promise<Map<number, string>> {
  journal ??= readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8').then((text) => {
    const { entries } = JSON.parse(text) as { entries: Array<{ when: number; tag: string }> };
    return new Map(entries.map((entry) => [entry.when, entry.tag]));
  });
  return journal;
}

/** Sizes in one statement. The files' sum reads every row of `objects`: the page is opened now and then, by hand. */
async function sizes(db: Db) {
  const { rows } = await db.execute<{
    database_bytes: string;
    files: string;
    file_bytes: string;
    exports: string;
    export_bytes: string;
    archives: string;
    archive_bytes: string;
    migration: string | null;
  }>(sql`
    select
      pg_database_size(current_database()) as database_bytes,
      files.count as files, files.bytes as file_bytes,
      exports.count as exports, exports.bytes as export_bytes,
      archives.count as archives, archives.bytes as archive_bytes,
      (select max(created_at) from drizzle.__drizzle_migrations) as migration
    from
      -- Files in the product's storage; a video kept by a video host has a url instead and is not here.
      (select count(*) as count, coalesce(sum(size), 0) as bytes from objects where status = 'ready' and url is null) files,
      -- Copies of data waiting to be downloaded (expired ones are deleted).
      (select count(*) as count, coalesce(sum(size), 0) as bytes from data_exports where state = 'ready') exports,
      (select count(*) as count, coalesce(sum(size), 0) as bytes from backups
        where state = 'succeeded' and removed_at is null and file_name is not null) archives`);
  return rows[0]!;
}

/** Every queue and state, with 0 where nothing waits; ages as of `now`. */
function backlogsOf(readings: Awaited<ReturnType<typeof readJobBacklogs>>, now: Date): JobBacklog[] {
  return (Object.keys(JOB_QUEUES) as JobQueue[]).flatMap((queue) =>
    JOB_QUEUES[queue].map((state) => {
      const reading = readings.find((r) => r.queue === queue && r.state === state);
      return {
        queue,
        state,
        items: reading?.items ?? 0,
        oldestAgeSeconds: reading?.oldest ? Math.max(0, Math.round((now.getTime() - reading.oldest.getTime()) / 1000)) : null,
      };
    }),
  );
}

export async function readSystemStatus(ctx: SystemStatusContext): Promise<SystemStatus> {
  const now = ctx.clock.now();
  const [latestBackups, readings, failedEmails, figures, open, instances, names] = await Promise.all([
    ctx.db.select().from(backups).orderBy(desc(backups.startedAt), desc(backups.id)).limit(BACKUPS_SHOWN),
    readJobBacklogs(ctx.db),
    recentlyFailedEmails(ctx.db, new Date(now.getTime() - FAILED_EMAILS_HOURS * HOUR_MS), FAILED_EMAILS_SHOWN),
    sizes(ctx.db),
    ctx.db.select().from(incidents).where(isNull(incidents.resolvedAt)).orderBy(asc(incidents.openedAt)),
    ctx.db
      .select()
      .from(appInstances)
      .where(gt(appInstances.seenAt, new Date(now.getTime() - INSTANCE_SEEN_MS)))
      .orderBy(asc(appInstances.host), asc(appInstances.pid)),
    migrationNames(),
  ]);
  return {
    checkedAt: now.toISOString(),
    backups: latestBackups.map(backupView),
    dailyBackupMinute: ctx.dailyBackupMinute ?? null,
    backlogs: backlogsOf(readings, now),
    failedEmails,
    databaseBytes: Number(figures.database_bytes),
    storage: {
      files: { count: Number(figures.files), bytes: Number(figures.file_bytes) },
      dataExports: { count: Number(figures.exports), bytes: Number(figures.export_bytes) },
      backups: { count: Number(figures.archives), bytes: Number(figures.archive_bytes) },
    },
    version: ctx.version,
    migration: figures.migration === null ? null : (names.get(Number(figures.migration)) ?? null),
    incidents: open.map((row) => ({ id: row.id, kind: row.kind, openedAt: row.openedAt.toISOString(), detail: row.detail ?? {} })),
    instances: instances.map((row) => ({
      id: row.id,
      host: row.host,
      pid: row.pid,
      version: row.version,
      startedAt: row.startedAt.toISOString(),
      seenAt: row.seenAt.toISOString(),
    })),
  };
}
