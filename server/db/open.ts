import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createDatabase, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export interface OpenDatabase {
  database: Database;
  /** Closes the pool, then stops the embedded PostgreSQL if one was started. */
  close(): Promise<void>;
}

/** DATABASE_URL when set, else the embedded PostgreSQL in DATA_DIR; migrated before it is handed out. */
export async function openDatabase(config: Config, logger?: Logger): Promise<OpenDatabase> {
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({
        dir: path.join(config.dataDir, 'postgres'),
        port: config.embeddedPostgresPort,
        database: 'wazifa',
        logger,
      });
  if (embedded) logger?.info({ port: config.embeddedPostgresPort, dir: config.dataDir }, 'embedded PostgreSQL started');
  const database = createDatabase(config.databaseUrl ?? embedded!.url, { max: config.databasePoolMax });
  const close = async () => {
    await database.close();
    await embedded?.stop();
  };
  try {
    await runMigrations(database);
  } catch (err) {
    await close();
    throw err;
  }
  return { database, close };
}
