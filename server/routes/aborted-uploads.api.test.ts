// A client that hangs up mid-upload is logged as an aborted request (499, nginx's convention), not as an error.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../logger.ts';
import { startTestServer } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uploadInProgress, videoFormInProgress } from '../test/fixtures.ts';

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

/** Every entry about one request, once both the request log and the error handler have written theirs. */
async function entriesOf(url: string) {
  // Logged as the log writes it: secrets in the address redacted.
  const of = () => entries.filter((e) => e.req?.url === redactUrl(url));
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
    const tmp = path.join(server.config.dataDir, 'tmp');
    const upload = uploadInProgress(server.baseUrl, { method: 'POST', path: '/api/video/upload', ...videoFormInProgress(seeker.cookie) });
    // Once the server is writing the file, hang up.
    await vi.waitFor(() => expect(filesIn(tmp)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    upload.hangUp();
    expectLoggedAsAborted(await entriesOf('/api/video/upload'));
    await vi.waitFor(() => expect(filesIn(tmp)).toEqual([]), { timeout: 10_000, interval: 20 });
  });

  it('log a PUT to a local upload link as aborted (499), with nothing at error level', async () => {
    const seeker = await signedInAgent(server, { role: 'job_seeker' });
    const { body } = await seeker.agent.post('/api/objects/upload').expect(200);
    const incoming = path.join(server.config.dataDir, 'objects', '.incoming');
    const upload = uploadInProgress(server.baseUrl, {
      method: 'PUT',
      path: body.uploadURL,
      headers: { 'content-type': 'application/pdf' },
      start: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1024 * 1024, 0x20)]),
    });
    await vi.waitFor(() => expect(filesIn(incoming)).toHaveLength(1), { timeout: 10_000, interval: 20 });
    upload.hangUp();
    expectLoggedAsAborted(await entriesOf(body.uploadURL));
    await vi.waitFor(() => expect(filesIn(incoming)).toEqual([]), { timeout: 10_000, interval: 20 });
  });
});
