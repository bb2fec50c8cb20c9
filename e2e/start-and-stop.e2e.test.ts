// The product as `npm start` runs it: a real process with its embedded PostgreSQL and data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../server/test/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
let dataDir: string;


async function startProduct(port: number, pgPort: number): Promise<{ child: ChildProcess; logs: () => string }> {
  let output = '';
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), EMBEDDED_POSTGRES_PORT: String(pgPort), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  // The server logs this line once it listens.
  await new Promise<void>((resolve, reject) => {
    const onData = () => output.includes('is listening') && resolve();
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  return { child, logs: () => output };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-start-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the product on its embedded database, stops cleanly on SIGTERM, and reuses its data next time', async () => {
    const [port, pgPort] = await Promise.all([freePort(), freePort()]);
    const first = await startProduct(port, pgPort);
    expect(first.logs()).toContain('initialising embedded PostgreSQL');
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="public-config"');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    const [code] = await once(first.child, 'exit');
    expect(code).toBe(0);
    expect(first.logs()).toContain('"msg":"stopped"');
    // The cluster shut down with the app: its lock file is gone.
    expect(existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);

    const second = await startProduct(port, pgPort);
    expect(second.logs()).not.toContain('initialising embedded PostgreSQL');
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    second.child.kill('SIGINT');
    const [secondCode] = await once(second.child, 'exit');
    expect(secondCode).toBe(0);
  });

  it('refuses to start with bad settings, naming each one', async () => {
    const child = spawn(process.execPath, ['server/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: 'http', SUPPORT_EMAIL: 'nobody', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('PORT:');
    expect(stderr).toContain('SUPPORT_EMAIL:');
  });
});
