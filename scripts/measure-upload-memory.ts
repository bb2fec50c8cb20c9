// `npm run bench:uploads`: the server's peak memory while it receives a 100 MB video (multipart, and resumable by
// tus), with how long each took, and while it receives ten CVs at once. Starts the real server (embedded PostgreSQL, local drivers) in a throwaway data directory and reads its
// peak resident set (VmHWM in /proc, reset before each measurement through clear_refs). Linux only.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { LIMITS } from '#shared/constants.ts';
import { freePort } from '../server/test/free-port.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-memory-'));
// As root, the embedded PostgreSQL runs as user postgres, which must be able to enter the directory.
await chmod(dataDir, 0o755);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--expose-gc', 'server/index.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const pid = server.pid!;
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const statusKib = (field: 'VmHWM' | 'VmRSS') =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const resetPeak = () => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function waitUntilReady() {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become ready');
}

let cookie = '';
async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(new URL(url, base), {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get('set-cookie');
  if (setCookie) cookie = setCookie.split(';')[0]!;
  return res.headers.get('content-type')?.includes('json') ? res.json() : res.text();
}

/**
 * Sends a video of `bytes` bytes (an MP4 header, then filler) as the body of `req` in 1 MiB chunks, after `head` and
 * before `tail` when given; resolves with the answer's status once the answer has been read.
 */
function sendVideo(req: http.ClientRequest, bytes: number, { head, tail }: { head?: string; tail?: string } = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    const ftyp = Buffer.from([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    void (async () => {
      if (head) req.write(head);
      req.write(ftyp);
      for (let sent = ftyp.length; sent < bytes; sent += chunk.length) {
        if (!req.write(chunk.subarray(0, Math.min(chunk.length, bytes - sent)))) await new Promise((r) => req.once('drain', r));
      }
      req.end(tail);
    })();
  });
}

/** Streams a multipart video of `bytes` bytes. */
function uploadVideo(bytes: number): Promise<number> {
  const boundary = 'wazifa-measure';
  const req = http.request(`${base}/api/video/upload`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
  });
  return sendVideo(req, bytes, {
    head: `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
    tail: `\r\n--${boundary}--\r\n`,
  });
}

/** A resumable (tus) upload of `bytes` bytes in one PATCH, as a phone on a good line sends it. */
async function uploadVideoResumably(bytes: number): Promise<number> {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/video/tus`, {
    method: 'POST',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(bytes),
      'upload-metadata': `filename ${b64('big.mp4')},filetype ${b64('video/mp4')},title ${b64('Memory')}`,
    },
  });
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
  const location = new URL(created.headers.get('location')!, base);
  const req = http.request(location, {
    method: 'PATCH',
    headers: { cookie, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes) },
  });
  return sendVideo(req, bytes);
}

async function uploadCv(bytes: number) {
  const { uploadURL } = (await api('POST', '/api/objects/upload')) as { uploadURL: string };
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 20, 0x20), Buffer.from('\n%%EOF\n')]);
  const put = await fetch(new URL(uploadURL, base), { method: 'PUT', body: pdf, headers: { cookie } });
  if (!put.ok) throw new Error(`PUT: ${put.status}`);
  await api('PUT', '/api/objects/acl', { objectURL: uploadURL });
}

try {
  await waitUntilReady();
  await api('POST', '/api/auth/signup', { email: 'memory@example.com', password: 'measure memory 1', role: 'job_seeker' });
  await uploadCv(100_000); // warm-up: every code path loaded once
  const idle = statusKib('VmRSS');

  // Growth is measured from what the process holds when each upload starts. The resumable upload goes first: it is
  // the one the page uses, and the first large upload of a process is the one that grows it.
  let before = statusKib('VmRSS');
  resetPeak();
  let started = performance.now();
  const resumable = await uploadVideoResumably(LIMITS.videoMaxBytes - 1024 * 1024);
  const tusSeconds = (performance.now() - started) / 1000;
  if (resumable !== 200 && resumable !== 204) throw new Error(`tus upload answered ${resumable}`);
  const tusPeak = statusKib('VmHWM');
  const tusGrowth = tusPeak - before;

  before = statusKib('VmRSS');
  resetPeak();
  started = performance.now();
  const status = await uploadVideo(LIMITS.videoMaxBytes - 1024 * 1024);
  const videoSeconds = (performance.now() - started) / 1000;
  if (status !== 200) throw new Error(`video upload answered ${status}`);
  const videoPeak = statusKib('VmHWM');
  const videoGrowth = videoPeak - before;

  const cvBefore = statusKib('VmRSS');
  resetPeak();
  await Promise.all(Array.from({ length: 10 }, () => uploadCv(LIMITS.documentMaxBytes - 1024)));
  const cvPeak = statusKib('VmHWM');

  console.log(`server resident memory after warm-up: ${mib(idle)}`);
  console.log(`peak during one 99 MiB resumable (tus) video upload: ${mib(tusPeak)} (growth ${mib(tusGrowth)}, ${tusSeconds.toFixed(2)} s)`);
  console.log(`peak during one 99 MiB multipart video upload after it: ${mib(videoPeak)} (growth ${mib(videoGrowth)}, ${videoSeconds.toFixed(2)} s)`);
  console.log(`peak during ten 5 MB CV uploads at once: ${mib(cvPeak)} (growth ${mib(cvPeak - cvBefore)})`);
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await rm(dataDir, { recursive: true, force: true });
}
