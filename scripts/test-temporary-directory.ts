// Where a test run keeps its throwaway files: the PostgreSQL cluster and the databases cloned for each file, data
// directories, uploads, Chromium's profiles. On Linux /dev/shm is a RAM-backed file system; files there never reach
// the disk. On a 2-core machine with the run's files on ext4 the API tests took 74 s and 137 CPU-seconds, 51 of them
// the kernel's; on /dev/shm 54 s and 103, 21 of them the kernel's (docs/architecture.md, Tests).
import { statfsSync } from 'node:fs';
import os from 'node:os';

/** A run's files at their peak, with room to spare; a smaller /dev/shm (a container's 64 MB) is not used. */
const ROOM_NEEDED_BYTES = 4 * 1024 ** 3;
const RAM_BACKED = '/dev/shm';
/** statfs's f_type of tmpfs. */
const TMPFS_MAGIC = 0x01021994;

/** /dev/shm when it is tmpfs with room enough, else the system's temporary directory. */
export function testTemporaryDirectory(statfs: (path: string) => { type: number; bavail: number; bsize: number } = statfsSync): string {
  try {
    const stats = statfs(RAM_BACKED);
    if (stats.type === TMPFS_MAGIC && stats.bavail * stats.bsize >= ROOM_NEEDED_BYTES) return RAM_BACKED;
  } catch {
    // No /dev/shm (not Linux): the system's own.
  }
  return os.tmpdir();
}

/**
 * Points this process, and every process it starts, at the test run's temporary directory, unless TMPDIR was given.
 * Node's os.tmpdir(), PostgreSQL's tools and Chromium all read TMPDIR.
 */
export function useTestTemporaryDirectory(env: NodeJS.ProcessEnv = process.env): string {
  env.TMPDIR ||= testTemporaryDirectory();
  return env.TMPDIR;
}
