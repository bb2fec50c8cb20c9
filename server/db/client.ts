import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from '#shared/schema.ts';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  pool: pg.Pool;
  db: Db;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /** Opens the pool's `min` connections now rather than at the first requests. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** The same server's connection string for another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const POOL_END_TIMEOUT_MS = 1_000;

/**
 * `max` connections at most; `min` of them stay open when idle (pg.Pool closes idle ones after 30 s down to `min`). A
 * request waits at most 5 s for a connection, then fails as unavailable (503).
 */
export function createDatabase(connectionString: string, options: { max?: number; min?: number } = {}): Database {
  const min = Math.min(options.min ?? 0, options.max ?? 10);
  const newPool = (max: number, extra: pg.PoolConfig = {}) => {
    const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000, ...extra });
    // An idle client losing its connection (database restart) must not crash the process;
    // the pool drops it and the next query opens a new one.
    pool.on('error', () => {});
    // The pool listens to a client's errors only while it is idle. One in use between two statements (a transaction
    // waiting for the app) would raise the error with no listener, which ends the process; with this one, its next
    // statement fails instead (isDatabaseUnavailable: 503) and the pool drops it when it comes back.
    pool.on('connect', (client) => client.on('error', () => {}));
    return pool;
  };
  const pool = newPool(options.max ?? 10, { min });
  const db = drizzle(pool, { schema });
  let closed = false;
  return {
    pool,
    db,
    async ping() {
      await pool.query('select 1');
    },
    async warm() {
      const clients = await Promise.all(Array.from({ length: Math.max(0, min - pool.idleCount) }, () => pool.connect()));
      for (const client of clients) client.release();
    },
    async close() {
      if (closed) return;
      closed = true;
      // A client whose connection broke mid-statement (the database died) can wait forever for its end; with the
      // database gone there is nothing left to close cleanly, so shutdown waits for it only so long.
      const ended = pool.end();
      await Promise.race([ended, delay(POOL_END_TIMEOUT_MS, undefined, { ref: false })]);
    },
  };
}
