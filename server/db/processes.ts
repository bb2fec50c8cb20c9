// What runs on this machine, for telling who runs an embedded database (docs/decisions/0002).
// Linux reads /proc (slim containers have no ps); other systems ask ps.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ProcessInfo {
  pid: number;
  /** The parent process. */
  ppid: number;
  /** The command line, its arguments joined with spaces. */
  command: string;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, and belongs to another user (the cluster runs as user postgres when we are root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function fromProc(pid: number): Promise<ProcessInfo | undefined> {
  try {
    const [cmdline, stat] = await Promise.all([fs.readFile(`/proc/${pid}/cmdline`, 'utf8'), fs.readFile(`/proc/${pid}/stat`, 'utf8')]);
    // stat: pid (name) state ppid ...; the name may hold spaces and parentheses, so count from the last ")".
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return { pid, ppid, command: cmdline.split('\0').filter(Boolean).join(' ') };
  } catch {
    return undefined;
  }
}

function fromPs(line: string): ProcessInfo | undefined {
  const match = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
  return match ? { pid: Number(match[1]), ppid: Number(match[2]), command: match[3]! } : undefined;
}

export async function processInfo(pid: number): Promise<ProcessInfo | undefined> {
  if (process.platform === 'linux') return fromProc(pid);
  const { stdout } = await run('ps', ['-ww', '-o', 'pid=,ppid=,command=', '-p', String(pid)]).catch(() => ({ stdout: '' }));
  return fromPs(stdout);
}

export async function listProcesses(): Promise<ProcessInfo[]> {
  if (process.platform === 'linux') {
    const pids = (await fs.readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
    return (await Promise.all(pids.map(fromProc))).filter((info) => info !== undefined);
  }
  const { stdout } = await run('ps', ['-axww', '-o', 'pid=,ppid=,command=']);
  return stdout
    .split('\n')
    .map(fromPs)
    .filter((info) => info !== undefined);
}
