// The product as `npm start` runs it: a real process with its embedded PostgreSQL and data directory.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDataDir, root, startProduct, until } from './support/product.ts';

let dataDir: string;

beforeAll(async () => {
  dataDir = await makeDataDir('wazifa-start-');
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the product on its embedded database, stops cleanly on SIGTERM, and reuses its data next time', async () => {
    const first = await startProduct(dataDir);
    expect(first.logs()).toContain('initialising embedded PostgreSQL');
    const page = await fetch(`${first.base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('id="public-config"');
    expect((await fetch(`${first.base}/readyz`)).status).toBe(200);

    first.child.kill('SIGTERM');
    const [code] = await once(first.child, 'exit');
    expect(code).toBe(0);
    expect(first.logs()).toContain('"msg":"stopped"');
    // The cluster shut down with the app: its lock file is gone.
    expect(existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);

    const second = await startProduct(dataDir);
    expect(second.logs()).not.toContain('initialising embedded PostgreSQL');
    expect((await fetch(`${second.base}/readyz`)).status).toBe(200);
    second.child.kill('SIGINT');
    const [secondCode] = await once(second.child, 'exit');
    expect(secondCode).toBe(0);
  });

  it('finishes a request in flight when SIGTERM arrives, refusing new connections meanwhile, then exits 0', async () => {
    // A data directory of its own, so this test neither needs nor disturbs the other's.
    const ownDataDir = await makeDataDir('wazifa-inflight-');
    try {
      const product = await startProduct(ownDataDir);
      const port = Number(new URL(product.base).port);

      // A sign-up whose body is still on its way: the server has the request (it answers 100 Continue to
      // `Expect: 100-continue` only once it has parsed the headers) and waits for the rest.
      const body = JSON.stringify({ email: 'in.flight@example.com', password: 'long enough 1' });
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.setEncoding('utf8');
      let received = '';
      socket.on('data', (chunk: string) => (received += chunk));
      socket.write(
        [
          'POST /api/auth/signup HTTP/1.1',
          `Host: 127.0.0.1:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'Expect: 100-continue',
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      );
      await until(socket, 'data', () => received.includes('\r\n\r\n'));
      expect(received).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
      received = '';
      socket.write(body.slice(0, 10));

      const exited = once(product.child, 'exit');
      product.child.kill('SIGTERM');
      await until(product.child.stdout!, 'data', () => product.logs().includes('"msg":"shutting down"'));
      // The shutdown waits for the request rather than the other way round.
      expect(product.child.exitCode).toBeNull();

      // The rest of the body arrives after the signal was handled, and the request is served in full, database and all.
      const closed = once(socket, 'close');
      socket.write(body.slice(10));
      await closed;
      const [head, json] = received.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
      expect(JSON.parse(json!)).toMatchObject({ email: 'in.flight@example.com', role: null });
      // New connections were no longer taken.
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      const [code] = await exited;
      expect(code).toBe(0);
      expect(product.logs()).toContain('"msg":"stopped"');
      expect(product.logs()).not.toContain('requests still running at the shutdown deadline');
    } finally {
      await rm(ownDataDir, { recursive: true, force: true });
    }
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
