// The tus extensions this server does not offer (concatenation, checksums) and the method override are refused with
// the API's own 400 and message, on every tus route, and nothing is created; the ones it offers keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/app.ts';
import { signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({ serveClient: false, env: TRUSTED_PROXY_ENV });
  cookie = (await signedInAgent(server, { role: 'job_seeker' })).cookie;
});
afterAll(() => server.close());

const TUS = { 'Tus-Resumable': '1.0.0' };
const tus = (method: string, path: string, headers: Record<string, string>) =>
  fetch(new URL(path, server.baseUrl), { method, headers: { ...TUS, cookie, ...headers } });
const refusal = { code: 'video.upload_unsupported', message: 'This way of uploading is not supported. Please upload the video again from the page.' };

describe('unsupported tus headers', () => {
  it.each([
    ['Upload-Concat', 'partial'],
    ['Upload-Concat', 'final;/api/video/tus/0123456789abcdef0123456789abcdef'],
    ['Upload-Checksum', 'sha1 Kq5sNclPz7QV2+lfQIuc6R7oRu0='],
    ['X-HTTP-Method-Override', 'DELETE'],
  ])('POST with %s: %s answers 400 with the message and creates nothing', async (header, value) => {
    const res = await tus('POST', '/api/video/tus', { 'Upload-Length': '4096', [header]: value });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(refusal);
    expect(res.headers.get('location')).toBeNull();
  });

  it('PATCH, HEAD and DELETE of an upload with them are refused too; the upload itself goes on', async () => {
    const created = await tus('POST', '/api/video/tus', { 'Upload-Length': '4096' });
    expect(created.status).toBe(201);
    const url = new URL(created.headers.get('location')!, server.baseUrl).pathname;
    const patched = await tus('PATCH', url, { 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Upload-Checksum': 'md5 1B2M2Y8AsgTpgAmY7PhCfg==' });
    expect(patched.status).toBe(400);
    expect(await patched.json()).toEqual(refusal);
    expect((await tus('DELETE', url, { 'X-HTTP-Method-Override': 'PATCH' })).status).toBe(400);
    expect((await tus('HEAD', url, { 'Upload-Concat': 'partial' })).status).toBe(400);
    const head = await tus('HEAD', url, {});
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('0');
  });
});
