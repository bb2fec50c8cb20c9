import type { Logger } from 'pino';
import { DATABASE_POOL_MIN } from '../capacity.ts';
import type { Config } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { EmbeddedPostgresError } from './embedded-postmasters.ts';
import { runMigrations } from './migrate.ts';

export interface OpenDatabase {
  database: Database;
  /** Its connection string (a backup reads it on a connection of its own). */
  url: string;
  /** Closes the pool, then stops the embedded PostgreSQL if one was started. */
  close(): Promise<void>;
}

/**
 * DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR; migrated before it is handed out. The server owns
 * its embedded database (`own`); the command-line tools use the one of a server running in the same DATA_DIR, or
 * start it for the time of the command (`share`, see startEmbeddedPostgres).
 */
export async function openDatabase(
  config: Config,
  options: { logger?: Logger; use?: 'own' | 'share'; migrate?: boolean } = {},
): Promise<OpenDatabase> {
  const { logger } = options;
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, database: 'wazifa', logger, use: options.use ?? 'own' });
  if (embedded) logger?.info({ dir: config.dataDir }, 'embedded PostgreSQL started');
  const url = config.databaseUrl ?? embedded!.url;
  const database = createDatabase(url, { max: config.databasePoolMax, min: DATABASE_POOL_MIN });
  const close = async () => {
    await database.close();
    await embedded?.stop();
  };
  try {
    // A restore migrates in steps of its own (the archive's level first).
    if (options.migrate !== false) await runMigrations(database);
    await database.warm();
  } catch (err) {
    await close();
    throw err;
  }
  return { database, url, close };
}

/** openDatabase for the command-line tools: a problem the person can fix is printed as such (exit code 1). */
export async function openDatabaseForCommand(config: Config): Promise<OpenDatabase> {
  try {
    return await openDatabase(config, { use: 'share' });
  } catch (err) {
    if (!(err instanceof EmbeddedPostgresError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
