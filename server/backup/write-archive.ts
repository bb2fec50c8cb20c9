// Writes one backup archive (a ZIP): every table of the database as PostgreSQL's COPY text, all read in one
// repeatable-read snapshot so the copy is consistent (an invoice and its number, a profile and its file's row), then
// the stored files those rows name (local driver), then manifest.json. No other program is needed: the embedded
// PostgreSQL ships no pg_dump (docs/decisions/0049-backups-without-pg-dump.md).
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import yazl from 'yazl';
import { FILE_DELETIONS_LOCK } from '../services/file-deletions.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { ARCHIVE_FORMAT, readMigrationJournal, type FileEntry, type Manifest, type TableEntry } from './manifest.ts';

/** Tables that describe this installation's processes and archives rather than its data. */
export const TABLES_LEFT_OUT = new Set(['backups', 'app_instances']);

/** A file the snapshot names was deleted before it was read: the archive would not match its database. */
export class FileGoneDuringBackup extends Error {
  override name = 'FileGoneDuringBackup';
  readonly key: string;
  constructor(key: string) {
    super(`the stored file ${key} was deleted while the backup ran`);
    this.key = key;
  }
}

export interface WriteArchiveInput {
  connectionString: string;
  storageDriver: 'local' | 's3' | 'gcs';
  storage: ObjectStorage;
  product: string;
  version: string;
  now: Date;
  outPath: string;
  /** The secret that signs sessions and e-mailed links, when it is kept in DATA_DIR: restored with the rest, those
   *  links and sessions still work. */
  sessionSecret?: string;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Passes bytes on while hashing them and counting lines (one line is one row in COPY text format). */
function measuring() {
  const hash = createHash('sha256');
  let lines = 0;
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), lines, bytes }) };
}

const STORED_KEYS = `select key from objects where status = 'ready' and url is null
  union select poster_key from objects where status = 'ready' and poster_key is not null
  union select object_key from data_exports where state = 'ready' and object_key is not null`;

/** Which of these keys the database names now, outside the snapshot. */
async function stillNamed(connectionString: string, keys: string[]): Promise<Set<string>> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const named = await client.query<{ key: string }>(`select key from (${STORED_KEYS}) named where key = any($1)`, [keys]);
    return new Set(named.rows.map((row) => row.key));
  } finally {
    await client.end();
  }
}

/**
 * A promise awaited only later (an entry's, once every entry is added; the archive's failure, at each step). An entry
 * can fail before then, while the next file is still looked up: left unheard until then, Node counts its failure as
 * unhandled and stops the process. The failure still reaches whoever awaits it.
 */
function heardLater<T>(entry: Promise<T>): Promise<T> {
  entry.catch(() => {});
  return entry;
}

export async function writeBackupArchive(input: WriteArchiveInput): Promise<{ manifest: Manifest; size: number }> {
  const client = new pg.Client({ connectionString: input.connectionString });
  await client.connect();
  const zip = new yazl.ZipFile();
  const out = createWriteStream(input.outPath);
  let failure: Error | undefined;
  const failed = heardLater(
    new Promise<never>((_resolve, reject) => {
      const fail = (err: Error) => {
        failure ??= err;
        reject(failure);
      };
      zip.on('error', fail);
      out.on('error', fail);
    }),
  );
  const written = new Promise<number>((resolve) => out.on('close', () => resolve(out.bytesWritten)));
  zip.outputStream.pipe(out);
  try {
    // Deletions of stored files wait until the files are copied (server/services/file-deletions.ts); one under way
    // finishes first, so the snapshot sees its rows gone.
    await client.query('select pg_advisory_lock($1)', [FILE_DELETIONS_LOCK]);
    await client.query('begin isolation level repeatable read read only');
    const journal = await readMigrationJournal();
    const applied = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    const index = journal.findIndex((entry) => String(entry.when) === String(applied.rows[0]?.created_at));
    if (index === -1) throw new Error('the database was migrated by a version this one does not know; back it up with that version');

    const tables = await client.query<{ name: string; columns: string[] }>(
      `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where n.nspname = 'public' and c.relkind in ('r', 'p')
        group by c.relname order by c.relname`,
    );
    const tableEntries: TableEntry[] = [];
    // One COPY at a time on the snapshot's connection: each entry is started when the ZIP is ready for it.
    const copied = tables.rows
      .filter((table) => !TABLES_LEFT_OUT.has(table.name))
      .map((table) =>
        heardLater(
          new Promise<void>((resolve, reject) => {
            const entry = `database/${table.name}.copy`;
            zip.addReadStreamLazy(entry, { compress: true }, (ready) => {
              let source: ReturnType<typeof copyTo>;
              try {
                source = client.query(copyTo(`copy public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) to stdout`));
              } catch (err) {
                return reject(err);
              }
              const measure = measuring();
              source.on('error', (err) => measure.stream.destroy(err));
              measure.stream.on('error', reject);
              measure.stream.on('end', () => {
                const { sha256, lines } = measure.result();
                tableEntries.push({ name: table.name, columns: table.columns, rows: lines, entry, sha256 });
                resolve();
              });
              ready(null, source.pipe(measure.stream));
            });
          }),
        ),
      );

    const sequences = await client.query<{ name: string; value: string | null; is_called: boolean }>(
      `select sequencename as name, last_value::text as value, last_value is not null as is_called
         from pg_sequences where schemaname = 'public' order by sequencename`,
    );
    const stored = await client.query<{ key: string }>(`${STORED_KEYS} order by 1`);
    await Promise.race([Promise.all(copied), failed]);

    let storageManifest: Manifest['storage'];
    if (input.storageDriver === 'local') {
      const files: FileEntry[] = [];
      const missing: string[] = [];
      const filesCopied: Promise<void>[] = [];
      for (const { key } of stored.rows) {
        const found = await input.storage.stat(key);
        // Missing before the backup began (the store lost it): recorded, so the archive still restores the rest.
        if (!found) {
          missing.push(key);
          continue;
        }
        filesCopied.push(
          heardLater(
            new Promise<void>((resolve, reject) => {
              zip.addReadStreamLazy(`files/${key}`, { compress: false }, (ready) => {
                const measure = measuring();
                measure.stream.on('error', reject);
                measure.stream.on('end', () => {
                  const { sha256, bytes } = measure.result();
                  files.push({ key, size: bytes, sha256 });
                  resolve();
                });
                input.storage.createReadStream(key).then(
                  (source: Readable) => {
                    source.on('error', (err: NodeJS.ErrnoException) => {
                      reject(err.code === 'ENOENT' ? new FileGoneDuringBackup(key) : err);
                      measure.stream.destroy();
                    });
                    ready(null, source.pipe(measure.stream));
                  },
                  // The archive is abandoned: the attempt fails here and nothing reads the ZIP further.
                  (err: NodeJS.ErrnoException) => reject(err.code === 'ENOENT' ? new FileGoneDuringBackup(key) : err),
                );
              });
            }),
          ),
        );
      }
      // Missing at the start: still named by the database now (the store lost it), or deleted since the snapshot.
      if (missing.length > 0) {
        const gone = await stillNamed(input.connectionString, missing).then((named) => missing.find((key) => !named.has(key)));
        if (gone) throw new FileGoneDuringBackup(gone);
      }
      await Promise.race([Promise.all(filesCopied), failed]);
      storageManifest = { driver: 'local', files, missing };
    } else {
      storageManifest = { driver: input.storageDriver, keys: stored.rows.map((row) => row.key) };
    }
    await client.query('commit');
    await client.query('select pg_advisory_unlock($1)', [FILE_DELETIONS_LOCK]);

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      product: input.product,
      version: input.version,
      createdAt: input.now.toISOString(),
      migration: { index, tag: journal[index]!.tag },
      tables: tableEntries.sort((a, b) => a.name.localeCompare(b.name)),
      sequences: sequences.rows.filter((s) => s.value !== null).map((s) => ({ name: s.name, value: s.value!, isCalled: s.is_called })),
      storage: storageManifest,
      sessionSecret: input.sessionSecret !== undefined,
    };
    if (input.sessionSecret !== undefined) zip.addBuffer(Buffer.from(`${input.sessionSecret}\n`), 'session-secret');
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), 'manifest.json');
    zip.end();
    const size = await Promise.race([written, failed]);
    return { manifest, size };
  } catch (err) {
    zip.outputStream.unpipe(out);
    out.destroy();
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}
