// Files of uploads still arriving: video bodies in DATA_DIR/tmp, local uploads in DATA_DIR/objects/.incoming. A killed
// process cannot remove its own, so each name says which process made it (host and pid) and this process remembers
// the ones it still uses. A sweep, at start-up and hourly, removes every file no live upload owns
// (docs/decisions/0020-temporary-files-name-their-process.md).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Files nobody has written to for this long are left over, whoever made them: no upload takes a day. */
export const ABANDONED_TEMPORARY_FILE_MS = 24 * 60 * 60 * 1000;

const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';
const NAME = /^([A-Za-z0-9-]+)\.(\d+)\.[0-9a-f-]{36}$/;
const inUse = new Set<string>();

/** A path for a new temporary file in `dir`, owned by this process until it is given up. */
export function claimTemporaryPath(dir: string): string {
  const file = path.join(dir, `${HOST}.${process.pid}.${randomUUID()}`);
  inUse.add(file);
  return file;
}

/** Removes the file if it is still there (it may have been renamed into place) and gives its path up. */
export async function dropTemporaryPath(file: string): Promise<void> {
  try {
    await fs.rm(file, { force: true });
  } finally {
    inUse.delete(file);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a file nobody in this process uses belongs to no live upload. */
function isLeftOver(name: string, modifiedMs: number): boolean {
  // File times are the machine's own, so they are compared with its clock, not the app's.
  if (Date.now() - modifiedMs > ABANDONED_TEMPORARY_FILE_MS) return true;
  const owner = NAME.exec(name);
  // Another machine sharing the directory, or a name from before: only its age tells.
  if (!owner || owner[1] !== HOST) return false;
  const pid = Number(owner[2]);
  // Ours but not in use: an earlier process with the same pid made it (a restarted container).
  return pid === process.pid || !isRunning(pid);
}

/** Removes the files in these directories that no live upload owns; returns how many and their bytes. */
export async function sweepTemporaryFiles(dirs: string[]): Promise<{ files: number; bytes: number }> {
  const removed = { files: 0, bytes: 0 };
  for (const dir of dirs) {
    let names: string[];
    try {
      names = await fs.readdir(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      if (inUse.has(file)) continue;
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile() || !isLeftOver(name, stat.mtimeMs)) continue;
      await fs.rm(file, { force: true });
      removed.files += 1;
      removed.bytes += stat.size;
    }
  }
  return removed;
}
