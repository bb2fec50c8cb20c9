// What a backup archive holds, written last into it as manifest.json: enough to check every entry and to rebuild the
// database at the migration level it was taken at (docs/operations.md, "Backups").
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../db/migrate.ts';

export const ARCHIVE_FORMAT = 1;

export interface TableEntry {
  name: string;
  /** The columns in the order of the entry's lines (generated columns are left out and made again). */
  columns: string[];
  rows: number;
  /** `database/<name>.copy`: PostgreSQL's COPY text format. */
  entry: string;
  sha256: string;
}

export interface FileEntry {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  product: string;
  version: string;
  createdAt: string;
  /** The last migration applied to the copied database: its place in migrations/meta/_journal.json and its tag. */
  migration: { index: number; tag: string };
  tables: TableEntry[];
  sequences: Array<{ name: string; value: string; isCalled: boolean }>;
  storage:
    | { driver: 'local'; files: FileEntry[]; missing: string[] }
    /** Buckets keep their own files (with versioning turned on); the archive names the keys the database uses. */
    | { driver: 's3' | 'gcs'; keys: string[] };
  /** Whether the archive holds DATA_DIR's session secret (entry `session-secret`). */
  sessionSecret: boolean;
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export async function readMigrationJournal(dir = MIGRATIONS_DIR): Promise<JournalEntry[]> {
  const journal = JSON.parse(await readFile(path.join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries;
}
