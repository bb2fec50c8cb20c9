// Restores a checked archive into an empty database (or, when asked, over one that has data): the schema as it was at
// the archive's migration level, every table's rows in one transaction, the sequences, then the newer migrations;
// and the stored files, with the local driver. docs/operations.md, "Restoring".
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../db/migrate.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { readMigrationJournal } from './manifest.ts';
import { ArchiveError, type OpenArchive } from './read-archive.ts';
import { TABLES_LEFT_OUT } from './write-archive.ts';

/** Rows the migrations themselves write; a database holding only these is empty. */
const WRITTEN_BY_MIGRATIONS = new Set(['candidate_search_version']);

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreResult {
  tables: Array<{ name: string; rows: number }>;
  files: number;
  fileBytes: number;
  /** Bucket keys the database names that the bucket does not have. */
  missingKeys: string[];
  /** Migrations applied after the archive's rows were in. */
  migratedFrom: string;
  migratedTo: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the public schema that hold rows the product wrote. */
export async function tablesWithData(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  );
  const found: string[] = [];
  for (const { name } of rows) {
    if (TABLES_LEFT_OUT.has(name) || WRITTEN_BY_MIGRATIONS.has(name)) continue;
    const any = await database.pool.query(`select 1 from public.${quote(name)} limit 1`);
    if (any.rowCount) found.push(name);
  }
  return found;
}

/** Tables in an order where each comes after the tables its foreign keys point at. */
async function loadOrder(database: Database, names: string[]): Promise<string[]> {
  const { rows } = await database.pool.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of rows) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const next = names.filter((name) => !placed.has(name) && [...parents.get(name)!].every((parent) => placed.has(parent) || !parents.has(parent)));
    if (next.length === 0) throw new Error(`the tables' foreign keys form a cycle: ${names.filter((n) => !placed.has(n)).join(', ')}`);
    for (const name of next) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

/** Applies the migrations up to and including `index` (a folder holding just those, read by drizzle's migrator). */
export async function migrateTo(database: Database, index: number) {
  const journal = await readMigrationJournal();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-migrations-'));
  try {
    await cp(MIGRATIONS_DIR, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const meta = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    await writeFile(journalFile, JSON.stringify({ ...meta, entries: journal.slice(0, index + 1) }));
    await migrate(database.db, { migrationsFolder: dir });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function restoreArchive(input: {
  archive: OpenArchive;
  database: Database;
  storageDriver: 'local' | 's3' | 'gcs';
  storage: ObjectStorage;
  force: boolean;
  log?: (line: string) => void;
}): Promise<RestoreResult> {
  const { archive, database, storage } = input;
  const { manifest } = archive;
  const log = input.log ?? (() => {});
  const journal = await readMigrationJournal();
  if (journal[manifest.migration.index]?.tag !== manifest.migration.tag) {
    throw new ArchiveError(`the archive was made at migration ${manifest.migration.tag}, which this version does not have: restore it with version ${manifest.version} or newer`);
  }
  if (manifest.storage.driver !== input.storageDriver && (manifest.storage.driver === 'local' || input.storageDriver === 'local')) {
    throw new ArchiveError(`the archive's files were kept by the ${manifest.storage.driver} storage driver, and STORAGE_DRIVER is ${input.storageDriver}: restore with the same driver`);
  }

  const withData = await tablesWithData(database);
  if (withData.length > 0 && !input.force) {
    throw new RestoreRefused(
      `The database already holds data (in ${withData.length} tables: ${withData.slice(0, 5).join(', ')}${withData.length > 5 ? ', …' : ''}). Restoring would replace all of it: add --force to do so. Nothing was changed.`,
    );
  }

  log(`Making the database's tables as they were at ${manifest.migration.tag}…`);
  await database.pool.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
  await migrateTo(database, manifest.migration.index);

  log('Loading the rows…');
  const order = await loadOrder(database, manifest.tables.map((table) => table.name));
  const byName = new Map(manifest.tables.map((table) => [table.name, table]));
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query(`truncate ${order.map((name) => `public.${quote(name)}`).join(', ')}`);
    for (const name of order) {
      const table = byName.get(name)!;
      // The rows are as the triggers left them when they were written; firing them again would add rows of their own.
      await client.query(`alter table public.${quote(name)} disable trigger user`);
      await pipeline(await archive.open(table.entry), client.query(copyFrom(`copy public.${quote(name)} (${table.columns.map(quote).join(', ')}) from stdin`)));
      await client.query(`alter table public.${quote(name)} enable trigger user`);
    }
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [`public.${quote(sequence.name)}`, sequence.value, sequence.isCalled]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
  await runMigrations(database);

  let files = 0;
  let fileBytes = 0;
  const missingKeys: string[] = [];
  if (manifest.storage.driver === 'local') {
    log(`Restoring ${manifest.storage.files.length} stored files…`);
    for (const file of manifest.storage.files) {
      await storage.putFile(file.key, await archive.open(`files/${file.key}`), { size: file.size });
      files++;
      fileBytes += file.size;
    }
  } else {
    for (const key of manifest.storage.keys) if (!(await storage.stat(key))) missingKeys.push(key);
  }
  return {
    tables: manifest.tables.map((table) => ({ name: table.name, rows: table.rows })),
    files,
    fileBytes,
    missingKeys,
    migratedFrom: manifest.migration.tag,
    migratedTo: journal.at(-1)!.tag,
  };
}
