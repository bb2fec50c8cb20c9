// `npm run backup`: makes a backup now (the database, and the stored files with the local storage driver), beside a
// running server or on its own, and keeps it where the daily ones go. docs/operations.md, "Backups".
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabaseForCommand } from '../server/db/open.ts';
import { loadOrCreateSessionSecret } from '../server/auth/session.ts';
import { backupContextFrom, makeBackup } from '../server/services/backups.ts';
import { createStorage } from '../server/storage/create-storage.ts';

const config = loadConfig();
const { database, url, close } = await openDatabaseForCommand(config);
try {
  const sessionSecret = config.sessionSecret ?? (await loadOrCreateSessionSecret(config.dataDir));
  const storage = await createStorage({ ...config, sessionSecret }, systemClock);
  const context = backupContextFrom(config, {
    db: database.db,
    databaseUrl: url,
    storage,
    clock: systemClock,
    sessionSecret: config.sessionSecret ? undefined : sessionSecret,
  });
  const started = performance.now();
  const backup = await makeBackup(context, { trigger: 'command' });
  if (backup?.state !== 'succeeded') {
    console.error(`The backup failed: ${backup?.errorDetail ?? 'unknown reason'}`);
    process.exitCode = 1;
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const summary = backup.summary!;
    console.log(
      `Backup made in ${seconds} s: ${backup.fileName} in ${context.store.location}\n` +
        `  ${(backup.size! / 1024 / 1024).toFixed(1)} MiB; ${summary.rows} rows, ${summary.files} stored files (${(summary.fileBytes / 1024 / 1024).toFixed(1)} MiB), migration ${summary.migration}`,
    );
  }
} finally {
  await close();
}
