// The processes the scale test runs: app instances, waited for until they listen, and nginx's configuration as their
// round-robin proxy with passive failover. Apart from the test's steps and checks (scripts/test-scale.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../server/test/free-port.ts';

/** The repository's root, where the instances run and the client is built. */
export const root = path.resolve(import.meta.dirname, '../..');

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Resolves once `child` wrote `text` (it logs 'is listening' when it listens); rejects if it exits first. */
function waitForOutput(child: ChildProcess, output: () => string, text: string, timeoutMs = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`no "${text}" within ${timeoutMs} ms:\n${output().slice(-2000)}`)), timeoutMs);
    const check = () => {
      if (!output().includes(text)) return;
      done();
      resolve();
    };
    const exited = (code: number | null) => fail(new Error(`exited (${code}) before "${text}":\n${output().slice(-2000)}`));
    const fail = (err: Error) => {
      done();
      reject(err);
    };
    const done = () => {
      clearTimeout(timer);
      child.stdout?.off('data', check);
      child.stderr?.off('data', check);
      child.off('exit', exited);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', exited);
    check();
  });
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--expose-gc', 'server/index.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const instance = { name, base: `http://127.0.0.1:${port}`, child, output: () => output };
  await waitForOutput(child, instance.output, 'is listening');
  return instance;
}

export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const runAsRoot = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${runAsRoot}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 110m;
  upstream app {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Passive failover: an instance that refuses, resets or is stopping is skipped, and the request tried again on
      # the other (idempotent requests only, as nginx does by default).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}
