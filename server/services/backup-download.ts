// An administrator downloads a backup archive from the console's System page. The archive holds every account's data,
// so each download is in the audit log.
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { auditLog, backups, type User } from '#shared/schema.ts';
import { archiveName, type BackupStore } from '../backup/backup-store.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { isDownloadable } from './system-status.ts';

export interface BackupDownloadContext {
  db: Db;
  clock: Clock;
  backups: Pick<BackupStore, 'open'>;
  productName: string;
}

/**
 * The archive of a made backup, with the name it is downloaded under. One that failed, was removed (BACKUP_KEEP) or
 * whose file is gone is not found. The audit row is written once the file is open, so it records downloads only.
 */
export async function openBackupDownload(
  ctx: BackupDownloadContext,
  admin: User,
  id: string,
): Promise<{ stream: Readable; size: number; name: string }> {
  const [row] = await ctx.db.select().from(backups).where(eq(backups.id, id));
  if (!row || !isDownloadable(row)) throw new DomainError('backup.not_found');
  const file = await ctx.backups.open(row.fileName!);
  if (!file) throw new DomainError('backup.not_found');
  try {
    await ctx.db.insert(auditLog).values({
      actorId: admin.id,
      action: 'backup.downloaded',
      subjectType: 'backup',
      subjectId: row.id,
      details: { startedAt: row.startedAt.toISOString(), size: file.size },
      at: ctx.clock.now(),
    });
  } catch (err) {
    file.stream.destroy();
    throw err;
  }
  return { stream: file.stream, size: file.size, name: archiveName(ctx.productName, row.startedAt) };
}
