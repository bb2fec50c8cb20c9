// The embedded clusters among this machine's processes: which run and in which DATA_DIR, which process owns one, and
// stopping one that a process which ended left behind. Apart from starting a cluster (embedded.ts); the error both
// raise is here, below both.
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { isAlive, listProcesses, processInfo } from './processes.ts';

/** A problem with the embedded database that the person starting the product can fix; the message says how. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/** Names the socket file only (.s.PGSQL.5432): nothing listens on TCP. */
export const PORT = 5432;
/** Marks our clusters among the machine's processes (`postgres: wazifa: checkpointer`), so tools can name them. */
export const CLUSTER_NAME = 'wazifa';
const ORPHAN_STOP_TIMEOUT_MS = 60_000;

/** The number on the first line of a pid file, if it has one. */
async function readPid(file: string): Promise<number | undefined> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const pid = Number.parseInt(text.split('\n')[0]!, 10);
  return pid > 0 ? pid : undefined;
}

/**
 * The postmaster running the cluster, if one does, and the process it belongs to while that process lives: the one
 * named in the owner file, provided it is still the postmaster's parent (a killed owner's postmaster gets another
 * parent, so a pid used again by an unrelated process does not count).
 */
export async function findPostmaster(clusterDir: string, ownerFile: string): Promise<{ pid: number; owner: number | undefined } | undefined> {
  const pid = await readPid(path.join(clusterDir, 'postmaster.pid'));
  if (pid === undefined || !isAlive(pid)) return undefined;
  const info = await processInfo(pid);
  // After a reboot, or in a new container, the pid in a stale lock file may be another program's.
  if (!info || !`${info.command} `.includes(` -D ${clusterDir} `)) return undefined;
  const owner = await readPid(ownerFile);
  return { pid, owner: owner !== undefined && info.ppid === owner ? owner : undefined };
}

/** Fast shutdown (ends its sessions, writes a checkpoint). Not our child, so its end is polled for. */
export async function stopOrphan(pid: number, clusterDir: string): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return; // it ended meanwhile
  }
  const deadline = Date.now() + ORPHAN_STOP_TIMEOUT_MS;
  while (isAlive(pid)) {
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(`The PostgreSQL left running in ${clusterDir} (pid ${pid}) did not stop within a minute; stop it, then start again.`);
    }
    await delay(100);
  }
}

/** The DATA_DIR of each embedded database running on this machine. */
export async function runningDataDirs(): Promise<string[]> {
  const ours = new RegExp(` -D (.+)/postgres -p ${PORT} .*-c cluster_name=${CLUSTER_NAME}( |$)`);
  const dirs = new Set<string>();
  for (const { command } of await listProcesses()) {
    const match = ours.exec(command);
    if (match) dirs.add(match[1]!);
  }
  return [...dirs].sort();
}

export function noDatabaseMessage(dataDir: string, running: string[]): string {
  const where =
    running.length > 0
      ? running.map((dir) => `A Wazifa server's database runs with DATA_DIR=${dir}: run this command with that DATA_DIR.`).join('\n')
      : 'No Wazifa server is running. Start one (npm start), which creates the database in its DATA_DIR, or set DATA_DIR to where one was.';
  return `No embedded database in ${dataDir}.\n${where}\nOr set DATABASE_URL to use an external PostgreSQL.`;
}
