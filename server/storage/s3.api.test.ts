// Contract test of the S3 driver against s3rver, a real S3-protocol server, on loopback.
// s3rver checks the access key and the expiry of presigned URLs but not SigV4 signatures, so the signature of the
// upload URL is verified here, by rebuilding the canonical request.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import request from 'supertest';
import { mp4, PROFILE, signedInAgent, uploadVideo } from '../test/fixtures.ts';
import { accountWorkers, binary, unzip } from '../test/account-data.ts';
import { cleanUpDeadUploadLinks, DEAD_UPLOAD_LINK_MS } from '../jobs/clean-up-uploads.ts';
import { freePort } from '../test/free-port.ts';
import { createS3Storage } from './s3.ts';

const BUCKET = 'wazifa-files';
// The only account s3rver knows.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x41), Buffer.from('\n%%EOF\n')]);

let server: S3rver;
let directory: string;
let endpoint: string;
let now = new Date();
const clock: Clock = { now: () => now };
let storage: ReturnType<typeof createS3Storage>;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'wazifa-s3rver-'));
  const port = await freePort();
  server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: BUCKET }] });
  await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: BUCKET,
    region: 'us-east-1',
    endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    clock,
  });
});

afterAll(async () => {
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

const newKey = (kind = 'cv') => `${kind}/${randomUUID()}`;
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
// RFC 3986 encoding, as SigV4 wants it.
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Recomputes the SigV4 signature of a presigned PUT, given the headers the browser will send. */
function expectedSignature(url: URL, headers: Record<string, string>, secret: string): string {
  const query = [...url.searchParams].filter(([name]) => name !== 'X-Amz-Signature');
  const canonicalQuery = query
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders')!.split(';');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(name === 'host' ? url.host : headers[name])!.trim()}\n`).join('');
  const canonicalRequest = ['PUT', url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date, region, service, terminator] = url.searchParams.get('X-Amz-Credential')!.split('/');
  const scope = [date, region, service, terminator].join('/');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    url.searchParams.get('X-Amz-Date'),
    scope,
    createHash('sha256').update(canonicalRequest).digest('hex'),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), terminator!);
  return createHmac('sha256', signingKey).update(stringToSign).digest('hex');
}

describe('S3 storage driver', () => {
  it('hands out a presigned PUT for exactly that key and content type, which a browser-like PUT uses', async () => {
    now = new Date();
    const key = newKey();
    const uploadUrl = await storage.createUploadUrl({
      key,
      maxBytes: 5 * 1024 * 1024,
      contentType: 'application/pdf',
      expiresAt: new Date(now.getTime() + 15 * 60 * 1000),
    });
    const url = new URL(uploadUrl);
    expect(url.origin).toBe(endpoint);
    expect(storage.uploadOrigin).toBe(endpoint);
    expect(url.pathname).toBe(`/${BUCKET}/${key}`);
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    // No checksum of an empty body signed into the URL (the SDK's default would make every real upload fail).
    expect([...url.searchParams.keys()].filter((name) => name.toLowerCase().includes('checksum'))).toEqual([]);
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expectedSignature(url, { 'content-type': 'application/pdf' }, SECRET_ACCESS_KEY));
    expect(url.searchParams.get('X-Amz-Signature')).not.toBe(expectedSignature(url, { 'content-type': 'text/html' }, SECRET_ACCESS_KEY));

    const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: PDF });
    expect(put.status).toBe(200);
    expect(storage.keyFromUploadUrl(uploadUrl)).toBe(key);
    expect(await storage.stat(key)).toEqual({ size: PDF.length });
    expect(Buffer.compare(await storage.readStart(key, 9), PDF.subarray(0, 9))).toBe(0);
    // Asking for more than there is gives what there is.
    expect((await storage.readStart(key, PDF.length + 100)).length).toBe(PDF.length);
    const ranged = await text(await storage.createReadStream(key, { start: 5, end: 20 }));
    expect(ranged).toBe(PDF.subarray(5, 21).toString('latin1'));
  });

  it('signs with the app clock and the given expiry, so a link past its expiry is refused by the store', async () => {
    // Signed 20 minutes ago, valid for 15: s3rver (real time) must refuse it.
    now = new Date(Date.now() - 20 * 60 * 1000);
    const key = newKey();
    const uploadUrl = await storage.createUploadUrl({ key, maxBytes: 1000, expiresAt: new Date(now.getTime() + 15 * 60 * 1000) });
    const put = await fetch(uploadUrl, { method: 'PUT', body: PDF });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain('Request has expired');
    expect(await storage.stat(key)).toBeUndefined();
  });

  it('recognises its own upload URLs, path-style and virtual-hosted, and nothing else', async () => {
    now = new Date();
    const key = newKey();
    const uploadUrl = await storage.createUploadUrl({ key, maxBytes: 1000, expiresAt: new Date(now.getTime() + 60_000) });
    expect(storage.keyFromUploadUrl(uploadUrl.split('?')[0]!)).toBe(key);
    for (const foreign of [
      `${endpoint}/other-bucket/${key}`,
      `http://127.0.0.2:${new URL(endpoint).port}/${BUCKET}/${key}`,
      `${endpoint}/${BUCKET}/cv/../etc/passwd`,
      `${endpoint}/${BUCKET}/${key}/more`,
      `${endpoint}/${BUCKET}/CV/${key.slice(3)}`,
      `/api/uploads/${key}`,
      'not a url',
      '',
    ]) {
      expect(storage.keyFromUploadUrl(foreign), foreign).toBeUndefined();
    }

    // Presigning is local: no request reaches AWS.
    const aws = createS3Storage({ bucket: BUCKET, region: 'me-central-1', accessKeyId: 'AKIA', secretAccessKey: 'secret', clock });
    expect(aws.uploadOrigin).toBe(`https://${BUCKET}.s3.me-central-1.amazonaws.com`);
    const awsUrl = new URL(await aws.createUploadUrl({ key, maxBytes: 1000, expiresAt: new Date(now.getTime() + 60_000) }));
    expect(awsUrl.origin).toBe(aws.uploadOrigin);
    expect(aws.keyFromUploadUrl(awsUrl.href)).toBe(key);
    expect(aws.keyFromUploadUrl(`https://s3.me-central-1.amazonaws.com/${BUCKET}/${key}`)).toBe(key);
    expect(aws.keyFromUploadUrl(`https://other.s3.me-central-1.amazonaws.com/${key}`)).toBeUndefined();
    expect(aws.keyFromUploadUrl(`https://s3.me-central-1.amazonaws.com/other/${key}`)).toBeUndefined();

    const minio = createS3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint: 'http://localhost:9000', clock });
    expect(minio.keyFromUploadUrl(`http://${BUCKET}.localhost:9000/${key}?X-Amz-Signature=x`)).toBe(key);
    expect(minio.keyFromUploadUrl(`http://localhost:9000/${BUCKET}/${key}`)).toBe(key);
    expect(minio.keyFromUploadUrl(`https://localhost:9000/${BUCKET}/${key}`)).toBeUndefined();
  });

  it('stores a streamed file, serves it whole and in ranges, and deletes it', async () => {
    const key = newKey('video');
    const chunks = [Buffer.from('\0\0\0\x18ftypmp42'), Buffer.alloc(200_000, 7), Buffer.from('end of video')];
    const whole = Buffer.concat(chunks);
    await storage.putFile(key, Readable.from(chunks), { size: whole.length, contentType: 'video/mp4' });
    expect(await storage.stat(key)).toEqual({ size: whole.length });
    const read: Buffer[] = [];
    for await (const chunk of await storage.createReadStream(key)) read.push(chunk as Buffer);
    expect(Buffer.compare(Buffer.concat(read), whole)).toBe(0);
    const tail = await text(await storage.createReadStream(key, { start: whole.length - 12, end: whole.length - 1 }));
    expect(tail).toBe('end of video');

    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.createReadStream(key)).rejects.toThrow();
  });

  it('moves an object inside the bucket, and moving what is already gone does nothing', async () => {
    const [from, to] = [newKey('upload'), newKey()];
    await storage.putFile(from, Readable.from([PDF]), { size: PDF.length, contentType: 'application/pdf' });
    await storage.move(from, to);
    expect(await storage.stat(from)).toBeUndefined();
    expect(Buffer.compare(await storage.readStart(to, PDF.length), PDF)).toBe(0);
    await storage.move(from, to);
    expect(await storage.stat(to)).toEqual({ size: PDF.length });
    await expect(storage.move(from, 'cv/../x')).rejects.toThrow(/Refusing object key/);
  });

  it('answers undefined for a missing object and refuses keys the app never makes', async () => {
    expect(await storage.stat(newKey())).toBeUndefined();
    await expect(storage.createUploadUrl({ key: '../secrets', maxBytes: 1, expiresAt: new Date(Date.now() + 60_000) })).rejects.toThrow(
      /Refusing object key/,
    );
    await expect(storage.stat('cv/not-a-uuid')).rejects.toThrow(/Refusing object key/);
    await expect(storage.putFile('Video/x', Readable.from([]), { size: 0 })).rejects.toThrow(/Refusing object key/);
  });
});

describe('uploads finished through the app', () => {
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ storage, clock });
  });
  afterAll(() => testApp?.close());

  it('keeps a checked CV where its upload link cannot write: a PUT again leaves the served file unchanged', async () => {
    now = new Date();
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const { body: created } = await seeker.agent.post('/api/objects/upload').expect(200);
    expect((await fetch(created.uploadURL, { method: 'PUT', body: PDF })).status).toBe(200);
    const { body } = await seeker.agent.put('/api/objects/acl').send({ objectURL: created.uploadURL }).expect(200);

    // S3 cannot revoke a presigned URL: the PUT goes through, to a key nothing serves.
    expect((await fetch(created.uploadURL, { method: 'PUT', body: PNG })).status).toBe(200);
    const file = await seeker.agent.get(body.objectPath).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);

    // What the link wrote is found, and deleted once the link is dead.
    const uploadKey = storage.keyFromUploadUrl(created.uploadURL)!;
    expect(await storage.stat(uploadKey)).toEqual({ size: PNG.length });
    now = new Date(Date.now() + DEAD_UPLOAD_LINK_MS + 60_000);
    try {
      await cleanUpDeadUploadLinks({ db: testApp.testDatabase.database.db, clock, ...testApp.services });
    } finally {
      now = new Date();
    }
    expect(await storage.stat(uploadKey)).toBeUndefined();
    expect(Buffer.compare((await seeker.agent.get(body.objectPath).buffer(true)).body as Buffer, PDF)).toBe(0);
  });

  it('a copy of a job seeker’s data holds the files from the bucket, and deleting the account deletes them there', async () => {
    now = new Date();
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const { body: created } = await seeker.agent.post('/api/objects/upload').expect(200);
    expect((await fetch(created.uploadURL, { method: 'PUT', body: PDF })).status).toBe(200);
    const cvUrl = (await seeker.agent.put('/api/objects/acl').send({ objectURL: created.uploadURL }).expect(200)).body.objectPath as string;
    const video = await uploadVideo(seeker.agent);
    expect(video.status).toBe(200);
    await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, cvUrl, videoUrl: video.body.videoUrl }).expect(201);
    const workers = accountWorkers(testApp, { clock });

    await seeker.agent.post('/api/account/exports').send({}).expect(202);
    expect(await workers.makeExports()).toBe(1);
    const [copy] = (await seeker.agent.get('/api/account/exports').expect(200)).body.items;
    const zip = await request(testApp.app).get(copy.downloadUrl).buffer(true).parse(binary).expect(200);
    const entries = await unzip(zip.body as Buffer);
    expect(entries.get(`files/${cvUrl.slice('/objects/'.length).replace('/', '-')}.pdf`)).toEqual(PDF);
    expect(entries.get(`files/${video.body.videoUrl.slice('/objects/'.length).replace('/', '-')}.mp4`)).toEqual(mp4());

    await seeker.agent.post('/api/account/deletion').send({ password: 'long enough 1' }).expect(202);
    expect(await workers.eraseAccounts()).toBe(1);
    for (const url of [cvUrl, video.body.videoUrl as string]) expect(await storage.stat(url.slice('/objects/'.length))).toBeUndefined();
  });
});
