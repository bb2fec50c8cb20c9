// `npm run restore -- <archive> [--force]`: restores a backup made by `npm run backup` or the daily one into this
// configuration's database (DATA_DIR's embedded one, or DATABASE_URL) and, with the local storage driver, its files.
// Refuses a database that holds data unless --force. Stop every server using that database first.
// docs/operations.md, "Restoring".
import { existsSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { EmbeddedPostgresError } from '../server/db/embedded-postmasters.ts';
import { loadOrCreateSessionSecret } from '../server/auth/session.ts';
import { ArchiveError, openArchive, verifyArchive } from '../server/backup/read-archive.ts';
import { RestoreRefused, restoreArchive } from '../server/backup/restore-archive.ts';
import { createStorage } from '../server/storage/create-storage.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const [file, ...rest] = args.filter((arg) => arg !== '--force');
if (!file || rest.length > 0) {
  console.error('Usage: npm run restore -- <archive.zip> [--force]');
  process.exit(2);
}

const config = loadConfig();
const started = performance.now();
let archive;
try {
  archive = await openArchive(path.resolve(file));
  console.log(`Checking ${file} (made ${archive.manifest.createdAt} by version ${archive.manifest.version})…`);
  await verifyArchive(archive);
} catch (err) {
  if (!(err instanceof ArchiveError)) throw err;
  console.error(`Not restored: ${err.message}`);
  process.exit(1);
}

let opened;
try {
  // The server's own way in: refused while a server runs on this DATA_DIR; migrations are the restore's to run.
  opened = await openDatabase(config, { use: 'own', migrate: false });
} catch (err) {
  if (!(err instanceof EmbeddedPostgresError)) throw err;
  console.error(err.message);
  process.exit(1);
}
try {
  const secretFile = path.join(config.dataDir, 'session-secret');
  if (archive.manifest.sessionSecret && !config.sessionSecret && (force || !existsSync(secretFile))) {
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.open('session-secret')) chunks.push(chunk as Buffer);
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(secretFile, Buffer.concat(chunks), { mode: 0o600 });
  }
  const sessionSecret = config.sessionSecret ?? (await loadOrCreateSessionSecret(config.dataDir));
  const storage = await createStorage({ ...config, sessionSecret }, systemClock);
  const result = await restoreArchive({
    archive,
    database: opened.database,
    storageDriver: config.storage.driver,
    storage,
    force,
    log: (line) => console.log(line),
  });
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restored in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
  for (const table of result.tables.filter((t) => t.rows > 0)) console.log(`  ${table.name}: ${table.rows} rows`);
  console.log(`  ${rows} rows in ${result.tables.length} tables; ${result.files} stored files (${(result.fileBytes / 1024 / 1024).toFixed(1)} MiB)`);
  console.log(result.migratedFrom === result.migratedTo ? `  migration ${result.migratedTo}` : `  migrated from ${result.migratedFrom} to ${result.migratedTo}`);
  if (result.missingKeys.length > 0) {
    console.log(`  ${result.missingKeys.length} files the database names are not in the bucket, for example ${result.missingKeys[0]}: restore them from the bucket's versions (docs/operations.md)`);
  }
} catch (err) {
  if (!(err instanceof RestoreRefused || err instanceof ArchiveError)) throw err;
  console.error(`Not restored: ${err.message}`);
  process.exitCode = 1;
} finally {
  archive.close();
  await opened.close();
}
