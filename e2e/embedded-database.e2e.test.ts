// The embedded PostgreSQL as the real server runs it: on a socket in DATA_DIR, restarted when it dies, never left
// running by a server that was killed, and reached by the command-line tools through the same DATA_DIR.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { makeDataDir, postgresProcessesOf, postmasterPid, root, signUp, startProduct, type RunningProduct } from './support/product.ts';

const run = promisify(execFile);
const dataDirs: string[] = [];
const products: RunningProduct[] = [];

async function dataDir(prefix: string) {
  const dir = await makeDataDir(prefix);
  dataDirs.push(dir);
  return dir;
}
async function start(dir: string, env: Record<string, string> = {}) {
  const product = await startProduct(dir, env);
  products.push(product);
  return product;
}
/** SIGTERM; answers the exit code once the process has ended and its output has been read ('close'). */
async function stop(product: RunningProduct) {
  const exited = once(product.child, 'close');
  product.child.kill('SIGTERM');
  return (await exited)[0] as number | null;
}

afterAll(async () => {
  for (const product of products) if (product.child.exitCode === null && product.child.signalCode === null) product.child.kill('SIGKILL');
  // Whatever a failed test left running goes too (SIGKILL also ends a stopped process).
  for (const dir of dataDirs) {
    if (existsSync(path.join(dir, 'postgres'))) for (const pid of postgresProcessesOf(dir)) process.kill(pid, 'SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
});

const readyz = async (product: RunningProduct) => (await fetch(`${product.base}/readyz`)).status;
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

describe('the embedded database', () => {
  it('is restarted by the app when it dies: /readyz and a signed-in request answer again, in the same process', async () => {
    const dir = await dataDir('wazifa-restart-');
    const product = await start(dir);
    const cookie = await signUp(product.base, 'still.signed.in@example.com');
    const before = postgresProcessesOf(dir);
    const killed = postmasterPid(dir);
    process.kill(killed, 'SIGKILL');

    // The whole old cluster is gone (its backends end once their postmaster has died) before anything may answer.
    await expect.poll(() => postgresProcessesOf(dir).filter((pid) => before.includes(pid)), { timeout: 15_000 }).toEqual([]);
    await expect.poll(() => readyz(product), { timeout: 30_000, interval: 250 }).toBe(200);
    const me = await fetch(`${product.base}/api/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'still.signed.in@example.com' });

    expect(product.child.exitCode).toBeNull();
    expect(parentOf(postmasterPid(dir))).toBe(product.child.pid);
    // Logged when the new postmaster says it is ready, which a connection may overtake.
    await product.logged('embedded PostgreSQL restarted');
    expect(product.logs()).toContain('embedded PostgreSQL stopped unexpectedly');
    expect(await stop(product)).toBe(0);
    expect(postgresProcessesOf(dir)).toEqual([]);
  });

  it('is stopped by the next start when a killed app left it running, which then runs its own', async () => {
    const dir = await dataDir('wazifa-orphan-');
    const first = await start(dir);
    const orphan = postmasterPid(dir);
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // Nothing stops it but the next start.
    expect(postgresProcessesOf(dir)).toContain(orphan);

    const second = await start(dir);
    expect(await readyz(second)).toBe(200);
    expect(postgresProcessesOf(dir)).not.toContain(orphan);
    expect(parentOf(postmasterPid(dir))).toBe(second.child.pid);
    expect(second.logs()).toContain('stopped the embedded PostgreSQL left running by a process that ended');

    expect(await stop(second)).toBe(0);
    expect(postgresProcessesOf(dir)).toEqual([]);
  });

  it('is left to its live owner: a second server on the same DATA_DIR refuses to start and names the first', async () => {
    const dir = await dataDir('wazifa-twice-');
    const first = await start(dir);
    const refused = await start(dir).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(refused).toMatch(/^exited with 1/);
    expect(refused).toContain(`The embedded database in ${dir} is run by process ${first.child.pid}`);
    expect(await readyz(first)).toBe(200);
    expect(parentOf(postmasterPid(dir))).toBe(first.child.pid);
    expect(await stop(first)).toBe(0);
  });

  it('lets SIGTERM stop the app promptly while the database is down, and says it stopped', async () => {
    const dir = await dataDir('wazifa-down-');
    const product = await start(dir);
    const postmaster = postmasterPid(dir);
    // One old process of the cluster, frozen, keeps its shared memory in use: no new cluster can start meanwhile.
    const frozen = postgresProcessesOf(dir).find((pid) => pid !== postmaster)!;
    process.kill(frozen, 'SIGSTOP');
    try {
      process.kill(postmaster, 'SIGKILL');
      await expect.poll(() => readyz(product), { timeout: 15_000 }).toBe(503);

      const exited = once(product.child, 'close');
      const signalled = performance.now();
      product.child.kill('SIGTERM');
      let deadline: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => (deadline = setTimeout(resolve, 5_000, false)))]);
      clearTimeout(deadline);
      expect(inTime, `still running 5 s after SIGTERM:\n${product.logs()}`).toBe(true);
      expect(performance.now() - signalled).toBeLessThan(5_000);
      expect(product.child.exitCode).toBe(0);
      expect(product.logs()).toContain('"msg":"stopped"');
      // No restart it tried is left behind.
      expect(postgresProcessesOf(dir).filter((pid) => pid !== frozen)).toEqual([]);
    } finally {
      process.kill(frozen, 'SIGKILL');
    }
  });

  it('listens on a socket in DATA_DIR and on no TCP port, so two servers with their own DATA_DIR run side by side', async () => {
    const [a, b] = await Promise.all([dataDir('wazifa-side-a-'), dataDir('wazifa-side-b-')]);
    const [productA, productB] = await Promise.all([start(a), start(b)]);
    expect([await readyz(productA), await readyz(productB)]).toEqual([200, 200]);
    for (const dir of [a, b]) {
      // postmaster.pid: pid, directory, start time, port, socket directory, TCP address (none), ...
      const lines = readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n');
      expect(lines[4]).toBe(path.join(dir, 'postgres'));
      expect(lines[5]).toBe('');
    }
    expect(await Promise.all([stop(productA), stop(productB)])).toEqual([0, 0]);
  });

  it('refuses a DATA_DIR too long for its socket, saying how long it may be, and creates nothing', async () => {
    const deep = path.join(await dataDir('wazifa-deep-'), 'd'.repeat(90));
    const child = spawn(process.execPath, ['server/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: '0', DATA_DIR: deep, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const [code] = await once(child, 'close');
    expect(code).toBe(1);
    expect(output).toMatch(/DATA_DIR is too long for the embedded database's socket .* Set DATA_DIR to a path of at most \d+ bytes/);
    expect(existsSync(deep)).toBe(false);
  });

  it("lets the command-line tools use a running server's database through its DATA_DIR, and name it when given another", async () => {
    const dir = await dataDir('wazifa-tools-');
    const product = await start(dir);
    await signUp(product.base, 'ops@example.com');
    const tool = (script: string, args: string[], env: Record<string, string>, cwd = root) =>
      run(process.execPath, [path.join(root, 'scripts', script), ...args], { cwd, env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env } });

    expect((await tool('migrate.ts', [], { DATA_DIR: dir })).stdout).toContain('Migrations applied.');
    expect((await tool('seed.ts', ['--profiles', '3'], { DATA_DIR: dir })).stdout).toContain('Seeded 3 new job seekers');
    expect((await tool('admin.ts', ['grant', 'ops@example.com'], { DATA_DIR: dir })).stdout.trim()).toBe('ops@example.com is now an administrator.');
    // The server's database kept running through all three.
    expect(await readyz(product)).toBe(200);
    expect(product.logs()).not.toContain('embedded PostgreSQL stopped unexpectedly');

    // Elsewhere (another DATA_DIR, or the default ./data of another directory) they name the server's and create nothing.
    const elsewhere = await dataDir('wazifa-elsewhere-');
    for (const [env, cwd, stray] of [
      [{ DATA_DIR: path.join(elsewhere, 'data') }, root, path.join(elsewhere, 'data')],
      [{}, elsewhere, path.join(elsewhere, 'data')],
    ] as const) {
      for (const [script, args] of [['admin.ts', ['grant', 'ops@example.com']], ['migrate.ts', []], ['seed.ts', ['--profiles', '3']]] as const) {
        const refused = await tool(script, [...args], env, cwd).then(
          () => undefined,
          (err: { code: number; stderr: string }) => err,
        );
        expect(refused?.code, `${script} should refuse`).toBe(1);
        expect(refused!.stderr).toContain(`No embedded database in ${stray}`);
        expect(refused!.stderr).toContain(`DATA_DIR=${dir}`);
        expect(refused!.stderr).not.toMatch(/port/i);
        expect(existsSync(stray)).toBe(false);
      }
    }
    expect(await stop(product)).toBe(0);

    // With no server running, a tool starts the database of its DATA_DIR for itself and stops it again.
    expect((await tool('admin.ts', ['revoke', 'ops@example.com'], { DATA_DIR: dir })).stdout.trim()).toBe(
      'ops@example.com is the last administrator and stays one.',
    );
    expect(postgresProcessesOf(dir)).toEqual([]);
  });
});
