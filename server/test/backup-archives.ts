// Backups as the console meets them: a row in `backups` and, for a made one, a real ZIP archive kept by the backup
// store of the test app (DATA_DIR/backups with the local storage driver).
import { createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import { backups, type Backup } from '#shared/schema.ts';
import { createBackupStore } from '../backup/backup-store.ts';
import type { TestApp } from './app.ts';

type BackupValues = Partial<typeof backups.$inferInsert>;

/** A backup row as given (failed, running, removed…), with no archive. */
export async function backupRow(testApp: Pick<TestApp, 'testDatabase'>, values: BackupValues = {}): Promise<Backup> {
  const [row] = await testApp.testDatabase.database.db.insert(backups).values({ trigger: 'daily', state: 'failed', ...values }).returning();
  return row!;
}

const loaded = Date.now();
let earlier = 0;

/**
 * A made backup whose archive is kept, and the archive's bytes. Unless told when it started, each starts a second
 * before the last one: the local store names archives by their start to the second.
 */
export async function keptBackup(testApp: Pick<TestApp, 'testDatabase' | 'config' | 'storage'>, values: BackupValues = {}): Promise<Backup & { bytes: Buffer }> {
  const startedAt = values.startedAt ?? new Date(loaded - ++earlier * 1000);
  const row = await backupRow(testApp, { state: 'running', ...values, startedAt });
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(`-- the database as it was at ${row.startedAt.toISOString()}\n`), 'database.sql');
  zip.addBuffer(Buffer.from(JSON.stringify({ backup: row.id })), 'backup.json');
  zip.end();
  await mkdir(testApp.config.temporaryDir, { recursive: true });
  const local = path.join(testApp.config.temporaryDir, `backup-${row.id}.zip`);
  await pipeline(zip.outputStream, createWriteStream(local));
  const bytes = await readFile(local);
  const fileName = await createBackupStore(testApp.config, testApp.storage).keep(row.id, row.startedAt, local);
  const [made] = await testApp.testDatabase.database.db
    .update(backups)
    .set({ state: 'succeeded', finishedAt: new Date(row.startedAt.getTime() + 60_000), fileName, size: bytes.length, ...values })
    .where(eq(backups.id, row.id))
    .returning();
  return { ...made!, bytes };
}

/** Deletes a kept archive's file, as a disk clean-up by hand would, leaving its row. */
export async function loseArchive(testApp: Pick<TestApp, 'config' | 'storage'>, fileName: string): Promise<void> {
  await createBackupStore(testApp.config, testApp.storage).remove(fileName);
}
