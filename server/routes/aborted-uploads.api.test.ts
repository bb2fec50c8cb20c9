// A client that hangs up mid-upload is logged as an aborted request (499, nginx's convention), not as an error.
import { existsSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../test/app.ts';
import { mp4, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

interface LogEntry {
  level: number;
  msg: string;
  req?: { url: string };
  res?: { statusCode: number | null };
}

const entries: LogEntry[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) entries.push(JSON.parse(line) as LogEntry);
    callback();
  },
});
const WARN = 40;

type Server = Awaited<ReturnType<typeof startTestServer>>;
let server: Server;
beforeAll(async () => {
  server = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV, logger: pino({ level: 'debug' }, logStream) });
});
afterAll(() => server.close());

const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** Sends `head` and 1 MB of filler in a chunked body, then waits, the body unfinished, for the caller to hang up. */
function startUpload(options: { method: string; path: string; headers: Record<string, string>; head: Buffer }) {
  const req = http.request(new URL(options.path, server.baseUrl), {
    method: options.method,
    headers: { ...options.headers, 'transfer-encoding': 'chunked' },
  });
  req.on('error', () => {});
  req.write(Buffer.concat([options.head, Buffer.alloc(1024 * 1024, 0x22)]));
  return req;
}

/** Every entry about one request, once both the request log and the error handler have written theirs. */
async function entriesOf(url: string) {
  const of = () => entries.filter((e) => e.req?.url === url);
  await vi.waitFor(
    () => {
      expect(of().filter((e) => e.res)).toHaveLength(1);
      expect(of().filter((e) => !e.res).length).toBeGreaterThan(0);
    },
    { timeout: 10_000, interval: 20 },
  );
  return of();
}

function expectLoggedAsAborted(logged: LogEntry[]) {
  const [request] = logged.filter((e) => e.res);
  expect(request).toMatchObject({ msg: 'request aborted', res: { statusCode: 499 }, level: WARN });
  expect(logged.filter((e) => e.level >= 50)).toEqual([]);
}

describe('uploads the client hangs up on', () => {
  it('log a video upload as aborted (499), with nothing at error level', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const boundary = 'wazifa-abort';
    const head = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      mp4(64),
    ]);
    const tmp = path.join(server.config.dataDir, 'tmp');
    const req = startUpload({
      method: 'POST',
      path: '/api/video/upload',
      headers: { cookie: seeker.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      head,
    });
    // Once the server is writing the file, hang up.
    await vi.waitFor(() => expect(filesIn(tmp)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    req.destroy();
    expectLoggedAsAborted(await entriesOf('/api/video/upload'));
    await vi.waitFor(() => expect(filesIn(tmp)).toEqual([]), { timeout: 10_000, interval: 20 });
  });

  it('log a PUT to a local upload link as aborted (499), with nothing at error level', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { body } = await seeker.agent.post('/api/objects/upload').expect(200);
    const incoming = path.join(server.config.dataDir, 'objects', '.incoming');
    const req = startUpload({ method: 'PUT', path: body.uploadURL, headers: { 'content-type': 'application/pdf' }, head: Buffer.from('%PDF-1.4\n') });
    await vi.waitFor(() => expect(filesIn(incoming)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    req.destroy();
    expectLoggedAsAborted(await entriesOf(body.uploadURL));
    await vi.waitFor(() => expect(filesIn(incoming)).toEqual([]), { timeout: 10_000, interval: 20 });
  });
});
