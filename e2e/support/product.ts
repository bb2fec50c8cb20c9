// The product as `npm start` runs it, in a child process with its own data directory, for tests of the process
// itself: starting, stopping, its embedded database, bursts of traffic.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { chmod, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { EventEmitter } from 'node:events';
import { freePort } from '../../server/test/free-port.ts';

export const root = path.resolve(import.meta.dirname, '../..');

/** Resolves at the first `event` after which `done()` holds (checked at once too). */
export async function until(emitter: EventEmitter, event: string, done: () => boolean): Promise<void> {
  if (done()) return;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!done()) return;
      emitter.off(event, check);
      emitter.off('close', fail);
      resolve();
    };
    const fail = () => {
      emitter.off(event, check);
      reject(new Error(`closed before ${event} brought what was awaited`));
    };
    emitter.on(event, check);
    emitter.once('close', fail);
  });
}

/** A fresh data directory; as root the embedded PostgreSQL runs as user postgres, who must be able to enter it. */
export async function makeDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755);
  return dir;
}

export interface RunningProduct {
  child: ChildProcess;
  base: string;
  /** Everything the process wrote so far (pino's JSON lines). */
  logs(): string;
  /** Resolves once the process has logged `text` (at once if it already has). */
  logged(text: string): Promise<void>;
}

export async function startProduct(dataDir: string, env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--expose-gc', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info', BACKUP_TIME: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const product: RunningProduct = {
    child,
    base: `http://127.0.0.1:${port}`,
    logs: () => output,
    logged: (text) => until(child.stdout!, 'data', () => output.includes(text)),
  };
  // The server logs this line once it listens; a process that ends first has said why by the time it closes.
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`exited with ${code}: ${output}`));
    child.once('close', exited);
    product.logged('is listening').then(
      () => {
        child.off('close', exited);
        resolve();
      },
      () => {},
    );
  });
  return product;
}

/** Signs up a job seeker; answers the session cookie. */
export async function signUp(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'long enough 1' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/** The postmaster of DATA_DIR's embedded cluster, as its lock file names it. */
export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/**
 * Every PostgreSQL process working on DATA_DIR's cluster, orphans included: each runs in the cluster directory
 * (Linux: read from /proc).
 */
export function postgresProcessesOf(dataDir: string): number[] {
  const cluster = realpathSync(path.join(dataDir, 'postgres'));
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === cluster && path.basename(readlinkSync(`/proc/${entry}/exe`)) === 'postgres') {
        pids.push(Number(entry));
      }
    } catch {
      // Ended meanwhile, or not ours to read.
    }
  }
  return pids;
}
