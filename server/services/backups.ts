// Making a backup: its row in `backups` (claimed, for the daily one, through its unique slot so several instances make
// it once; a row whose maker stopped renewing its lease is marked failed), the archive written on a connection of its own while requests go on, then kept in its store, and the
// oldest archives beyond BACKUP_KEEP removed. docs/operations.md, "Backups".
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { backups, type Backup } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { createBackupStore, type BackupStore } from '../backup/backup-store.ts';
import type { Config } from '../config.ts';
import { FileGoneDuringBackup, writeBackupArchive } from '../backup/write-archive.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { PRODUCT_VERSION } from '../version.ts';

/** A maker renews its lease this often; a row whose lease ran out is a maker that died. */
const LEASE_MS = 2 * 60_000;
const RENEW_MS = 30_000;
/** Files deleted between the snapshot and their turn: tried again with a new snapshot, this many times in all. */
const ATTEMPTS = 3;

export interface BackupContext {
  db: Db;
  /** The database's connection string: the snapshot is read on a connection outside the pool. */
  databaseUrl: string;
  storageDriver: 'local' | 's3' | 'gcs';
  storage: ObjectStorage;
  store: BackupStore;
  productName: string;
  keep: number;
  clock: Clock;
  logger?: Logger;
  /** Names the process in the row (host and pid). */
  instance: string;
  /** DATA_DIR's session secret, when it is kept there (not set by SESSION_SECRET). */
  sessionSecret?: string;
  /** Called with every finished backup, succeeded or failed. */
  onFinished?: (backup: Backup) => void;
}

export type BackupClaim = { trigger: 'command' } | { trigger: 'daily'; scheduledFor: Date };

/** The start of the daily slot `now` falls in: today's (or yesterday's) time of day, in UTC. */
export function dailySlot(now: Date, minuteOfDay: number): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + minuteOfDay * 60_000);
  return slot > now ? new Date(slot.getTime() - 24 * 3_600_000) : slot;
}

/** The row for this backup, or undefined when another process has the daily slot (made it, or is making it). */
async function claim(ctx: BackupContext, wanted: BackupClaim): Promise<Backup | undefined> {
  const now = ctx.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  // A maker that stopped (its process ended mid-way) left its row running with a lease in the past.
  await ctx.db
    .update(backups)
    .set({ state: 'failed', finishedAt: now, errorDetail: 'the process making it stopped before it finished' })
    .where(and(eq(backups.state, 'running'), lt(backups.leaseUntil, now)));
  const fresh = { trigger: wanted.trigger, state: 'running', startedAt: now, leaseUntil, instance: ctx.instance };
  if (wanted.trigger === 'command') {
    const [row] = await ctx.db.insert(backups).values(fresh).returning();
    return row;
  }
  // One try a day: a slot already claimed (made, being made, or failed) is left alone.
  const [row] = await ctx.db
    .insert(backups)
    .values({ ...fresh, scheduledFor: wanted.scheduledFor })
    .onConflictDoNothing({ target: backups.scheduledFor })
    .returning();
  return row;
}

/** Makes one backup. Returns its finished row, or undefined when the daily slot was another's. Never throws for a
 *  failed backup: the row says `failed` with the reason (and administrators hear of it). */
export async function makeBackup(ctx: BackupContext, wanted: BackupClaim): Promise<Backup | undefined> {
  const row = await claim(ctx, wanted);
  if (!row) return undefined;
  // The finishing update names the claim: a maker that stalled past its lease (and was marked failed meanwhile)
  // changes nothing and removes its archive.
  const mine = and(eq(backups.id, row.id), eq(backups.startedAt, row.startedAt), eq(backups.state, 'running'));
  const renew = setInterval(() => {
    ctx.db
      .update(backups)
      .set({ leaseUntil: new Date(ctx.clock.now().getTime() + LEASE_MS) })
      .where(mine)
      .catch((err: unknown) => ctx.logger?.warn({ err }, 'backup lease not renewed'));
  }, RENEW_MS);
  renew.unref();
  const scratch = ctx.store.scratchPath(row.id);
  await mkdir(path.dirname(scratch), { recursive: true });
  let finished: Backup | undefined;
  try {
    let archive: Awaited<ReturnType<typeof writeBackupArchive>> | undefined;
    for (let attempt = 1; !archive; attempt++) {
      try {
        archive = await writeBackupArchive({
          connectionString: ctx.databaseUrl,
          storageDriver: ctx.storageDriver,
          storage: ctx.storage,
          product: ctx.productName,
          version: PRODUCT_VERSION,
          now: ctx.clock.now(),
          outPath: scratch,
          sessionSecret: ctx.sessionSecret,
        });
      } catch (err) {
        await rm(scratch, { force: true });
        if (!(err instanceof FileGoneDuringBackup) || attempt >= ATTEMPTS) throw err;
        ctx.logger?.info({ key: err.key, attempt }, 'a file went while the backup ran; taking a new snapshot');
      }
    }
    const fileName = await ctx.store.keep(row.id, row.startedAt, scratch);
    const { manifest, size } = archive;
    const summary = {
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.storage.driver === 'local' ? manifest.storage.files.length : manifest.storage.keys.length,
      fileBytes: manifest.storage.driver === 'local' ? manifest.storage.files.reduce((sum, file) => sum + file.size, 0) : 0,
      migration: manifest.migration.tag,
    };
    [finished] = await ctx.db
      .update(backups)
      .set({ state: 'succeeded', finishedAt: ctx.clock.now(), leaseUntil: null, fileName, size, summary })
      .where(mine)
      .returning();
    if (!finished) {
      await ctx.store.remove(fileName);
      return undefined;
    }
    ctx.logger?.info({ file: fileName, bytes: size, ...summary }, 'backup made');
    await removeOldArchives(ctx);
  } catch (err) {
    await rm(scratch, { force: true });
    ctx.logger?.error({ err }, 'backup failed');
    [finished] = await ctx.db
      .update(backups)
      .set({ state: 'failed', finishedAt: ctx.clock.now(), leaseUntil: null, errorDetail: err instanceof Error ? err.message : String(err) })
      .where(mine)
      .returning();
  } finally {
    clearInterval(renew);
  }
  if (finished) ctx.onFinished?.(finished);
  return finished;
}

/** Keeps the newest `keep` archives; the rows of older ones stay, marked removed, as the record. */
async function removeOldArchives(ctx: BackupContext) {
  const old = await ctx.db
    .select({ id: backups.id, fileName: backups.fileName })
    .from(backups)
    .where(and(eq(backups.state, 'succeeded'), isNull(backups.removedAt)))
    .orderBy(desc(backups.startedAt))
    .offset(ctx.keep);
  for (const row of old) {
    if (row.fileName) await ctx.store.remove(row.fileName);
    await ctx.db.update(backups).set({ removedAt: ctx.clock.now() }).where(eq(backups.id, row.id));
  }
}

/** The process's name in backup rows: its host and pid, and a mark of its own (pids are reused). */
function instanceName(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** What a backup needs, from the configuration and this process's database and storage. */
export function backupContextFrom(
  config: Pick<Config, 'dataDir' | 'storage' | 'productName' | 'temporaryDir' | 'backup'>,
  parts: Pick<BackupContext, 'db' | 'databaseUrl' | 'storage' | 'clock' | 'logger' | 'sessionSecret'>,
): BackupContext {
  return {
    ...parts,
    storageDriver: config.storage.driver,
    store: createBackupStore(config, parts.storage),
    productName: config.productName,
    keep: config.backup.keep,
    instance: instanceName(),
  };
}

/** When the last backup succeeded (for /metrics), or undefined. */
export async function lastSuccessfulBackupAt(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: backups.finishedAt })
    .from(backups)
    .where(eq(backups.state, 'succeeded'))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  return row?.at ?? undefined;
}
