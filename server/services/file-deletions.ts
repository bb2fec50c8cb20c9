// Deleting stored files (with the rows that name them) and a backup copying the files take turns: a deletion holds
// this lock shared from its first file to its last row, and a backup holds it alone from its snapshot until its last
// file is read. So a backup's snapshot never names a file deleted before it is copied, and deletions (background jobs
// only, never a request) wait while a backup copies. docs/operations.md, "Backups".
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';

export const FILE_DELETIONS_LOCK = 7_240_002;

/** For a transaction that deletes stored files and the rows that name them: call it first. */
export async function holdFileDeletions(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${FILE_DELETIONS_LOCK})`);
}

/** Around work that deletes files first and their rows later, in transactions of its own. */
export function whileDeletingFiles<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await holdFileDeletions(tx);
    return work();
  });
}
