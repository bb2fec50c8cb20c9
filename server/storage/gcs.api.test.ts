// Contract test of the GCS driver against a small fake of the Cloud Storage JSON API on loopback (only what the
// driver calls), plus an XML-API PUT for signed URLs that checks the V4 signature with the service account's
// public key. Requests to a custom endpoint go without OAuth tokens, so authentication itself is not covered.
import { createHash, createVerify, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { signedInAgent } from '../test/fixtures.ts';
import { cleanUpDeadUploadLinks, DEAD_UPLOAD_LINK_MS } from '../jobs/clean-up-uploads.ts';
import { freePort } from '../test/free-port.ts';
import { createGcsStorage } from './gcs.ts';

const BUCKET = 'wazifa-files';
const CLIENT_EMAIL = 'wazifa-uploads@wazifa-test.iam.gserviceaccount.com';
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x42), Buffer.from('\n%%EOF\n')]);

// CRC32C (Castagnoli), written here rather than taken from the library under test.
const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32c(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC32C_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const crc32cBase64 = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32c(data));
  return out.toString('base64');
};

// RFC 3986 encoding, as V4 signing wants it.
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Rebuilds the string a V4 signed URL signs, from the URL and the headers a request sends. */
function stringToSign(method: string, url: URL, headers: Record<string, string>): string {
  const canonicalQuery = [...url.searchParams]
    .filter(([name]) => name !== 'X-Goog-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = url.searchParams.get('X-Goog-SignedHeaders')!.split(';');
  const canonicalHeaders = signedHeaders.map((name) => `${name}:${(headers[name] ?? '').trim()}\n`).join('');
  const canonicalRequest = [method, url.pathname, canonicalQuery, canonicalHeaders, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = url.searchParams.get('X-Goog-Credential')!.split('/').slice(1).join('/');
  return ['GOOG4-RSA-SHA256', url.searchParams.get('X-Goog-Date'), scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
}

function signatureValid(method: string, url: URL, headers: Record<string, string>): boolean {
  return createVerify('RSA-SHA256')
    .update(stringToSign(method, url, headers))
    .verify(publicKey, Buffer.from(url.searchParams.get('X-Goog-Signature') ?? '', 'hex'));
}

interface StoredObject {
  data: Buffer;
  contentType: string;
  /** Bytes sent on download when they should differ from the stored ones (corruption on the way). */
  servedData?: Buffer;
}
interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  range: string | undefined;
}

const objects = new Map<string, StoredObject>();
let calls: Call[] = [];
let server: Server;
let endpoint: string;

function metadataOf(name: string, object: StoredObject) {
  return {
    kind: 'storage#object',
    bucket: BUCKET,
    name,
    size: String(object.data.length),
    contentType: object.contentType,
    crc32c: crc32cBase64(object.data),
    md5Hash: createHash('md5').update(object.data).digest('base64'),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
const notFound = (res: ServerResponse, name: string) => json(res, 404, { error: { code: 404, message: `No such object: ${BUCKET}/${name}` } });

/** multipart/related: a JSON metadata part, then the media part. */
function parseMultipart(body: Buffer, contentType: string): { metadata: { contentType?: string }; media: Buffer; mediaType: string } {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)![2]!;
  const parts: Array<{ headers: string; content: Buffer }> = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2); // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n');
    parts.push({ headers: part.subarray(0, split).toString('latin1'), content: part.subarray(split + 4) });
    at = next;
  }
  const [meta, media] = parts;
  return {
    metadata: JSON.parse(meta!.content.toString('utf8')),
    media: media!.content,
    mediaType: /content-type:\s*([^\r\n]+)/i.exec(media!.headers)![1]!,
  };
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, `http://${req.headers.host}`);
  const body = await buffer(req);
  calls.push({ method: req.method!, path: url.pathname, query: Object.fromEntries(url.searchParams), range: req.headers.range });

  // A copy inside the bucket (File#copy): done in one call, as GCS does for small objects.
  const rewrite = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)\/rewriteTo\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'POST' && rewrite && rewrite[1] === BUCKET && rewrite[3] === BUCKET) {
    const [source, target] = [decodeURIComponent(rewrite[2]!), decodeURIComponent(rewrite[4]!)];
    const object = objects.get(source);
    if (!object) return notFound(res, source);
    objects.set(target, { data: Buffer.from(object.data), contentType: object.contentType });
    const size = String(object.data.length);
    return json(res, 200, { kind: 'storage#rewriteResponse', done: true, totalBytesRewritten: size, objectSize: size, resource: metadataOf(target, object) });
  }

  const jsonObject = /^\/storage\/v1\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname);
  if (jsonObject && jsonObject[1] === BUCKET) {
    const name = decodeURIComponent(jsonObject[2]!);
    const object = objects.get(name);
    if (req.method === 'DELETE') {
      if (!objects.delete(name)) return notFound(res, name);
      return res.writeHead(204).end();
    }
    if (req.method !== 'GET') return json(res, 405, { error: { code: 405, message: 'Method not allowed' } });
    if (!object) return notFound(res, name);
    if (url.searchParams.get('alt') !== 'media') return json(res, 200, metadataOf(name, object));
    const data = object.servedData ?? object.data;
    const headers = {
      'Content-Type': object.contentType,
      'x-goog-hash': `crc32c=${crc32cBase64(object.data)},md5=${createHash('md5').update(object.data).digest('base64')}`,
      'x-goog-stored-content-encoding': 'identity',
    };
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (!range) return res.writeHead(200, headers).end(data);
    const start = Number(range[1]);
    if (start >= data.length) return res.writeHead(416, { 'Content-Range': `bytes */${data.length}` }).end();
    const end = Math.min(range[2] ? Number(range[2]) : data.length - 1, data.length - 1);
    return res.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${end}/${data.length}` }).end(data.subarray(start, end + 1));
  }

  if (req.method === 'POST' && url.pathname === `/upload/storage/v1/b/${BUCKET}/o`) {
    if (url.searchParams.get('uploadType') !== 'multipart') return json(res, 400, { error: { code: 400, message: 'uploadType' } });
    const name = url.searchParams.get('name')!;
    const { metadata, media, mediaType } = parseMultipart(body, req.headers['content-type']!);
    const object = { data: media, contentType: metadata.contentType ?? mediaType };
    objects.set(name, object);
    return json(res, 200, metadataOf(name, object));
  }

  // The XML API, where signed URLs point: /<bucket>/<object>.
  if (req.method === 'PUT' && url.pathname.startsWith(`/${BUCKET}/`)) {
    const headers = { host: url.hostname, 'content-type': req.headers['content-type'] ?? '' };
    if (url.searchParams.get('X-Goog-Algorithm') !== 'GOOG4-RSA-SHA256' || !signatureValid('PUT', url, headers)) {
      return res.writeHead(403).end('SignatureDoesNotMatch');
    }
    const date = url.searchParams.get('X-Goog-Date')!.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
    if (Date.now() > Date.parse(date) + Number(url.searchParams.get('X-Goog-Expires')) * 1000) return res.writeHead(400).end('ExpiredToken');
    objects.set(decodeURIComponent(url.pathname.slice(BUCKET.length + 2)), {
      data: body,
      contentType: req.headers['content-type'] ?? 'application/octet-stream',
    });
    return res.writeHead(200).end();
  }
  json(res, 404, { error: { code: 404, message: `Not found: ${req.method} ${url.pathname}` } });
}

let now = new Date('2026-04-01T09:00:00.750Z');
const clock: Clock = { now: () => now };
let storage: ReturnType<typeof createGcsStorage>;

beforeAll(async () => {
  const port = await freePort();
  server = createServer((req, res) => {
    handle(req, res).catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${port}`;
  storage = createGcsStorage({
    bucket: BUCKET,
    projectId: 'wazifa-test',
    credentials: { client_email: CLIENT_EMAIL, private_key: privateKey },
    apiEndpoint: endpoint,
    clock,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls = [];
  now = new Date();
});

const newKey = (kind = 'cv') => `${kind}/${randomUUID()}`;

describe('GCS storage driver', () => {
  it('computes CRC32C as GCS does (the fake must be right for the integrity checks to mean anything)', () => {
    expect(crc32c(Buffer.from('123456789')).toString(16)).toBe('e3069283');
  });

  it('hands out a V4 signed PUT for exactly that key and content type, signed by the service account', async () => {
    now = new Date(Math.floor(Date.now() / 1000) * 1000 + 750);
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
    expect(url.searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    const day = now.toISOString().slice(0, 10).replaceAll('-', '');
    expect(url.searchParams.get('X-Goog-Credential')).toBe(`${CLIENT_EMAIL}/${day}/auto/storage/goog4_request`);
    expect(url.searchParams.get('X-Goog-Date')).toBe(now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'));
    expect(url.searchParams.get('X-Goog-Expires')).toBe('900');
    expect(url.searchParams.get('X-Goog-SignedHeaders')).toBe('content-type;host');
    expect(signatureValid('PUT', url, { host: url.hostname, 'content-type': 'application/pdf' })).toBe(true);
    expect(signatureValid('PUT', url, { host: url.hostname, 'content-type': 'text/html' })).toBe(false);
    expect(signatureValid('GET', url, { host: url.hostname, 'content-type': 'application/pdf' })).toBe(false);
    expect(calls).toEqual([]); // signing is local

    const wrongType = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'text/html' }, body: PDF });
    expect(wrongType.status).toBe(403);
    const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'application/pdf' }, body: PDF });
    expect(put.status).toBe(200);
    expect(storage.keyFromUploadUrl(uploadUrl)).toBe(key);

    calls = [];
    expect(await storage.stat(key)).toEqual({ size: PDF.length });
    expect(calls).toMatchObject([{ method: 'GET', path: `/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}` }]);
    expect(calls[0]!.query.alt).toBeUndefined();

    calls = [];
    expect(Buffer.compare(await storage.readStart(key, 9), PDF.subarray(0, 9))).toBe(0);
    expect(calls).toMatchObject([{ method: 'GET', query: { alt: 'media' }, range: 'bytes=0-8' }]);
  });

  it('signs without a content type when none is given', async () => {
    const uploadUrl = new URL(await storage.createUploadUrl({ key: newKey(), maxBytes: 10, expiresAt: new Date(now.getTime() + 60_000) }));
    expect(uploadUrl.searchParams.get('X-Goog-SignedHeaders')).toBe('host');
    expect(uploadUrl.searchParams.get('X-Goog-Expires')).toBe('60');
    expect(signatureValid('PUT', uploadUrl, { host: uploadUrl.hostname })).toBe(true);
  });

  it('recognises its own upload URLs and nothing else', () => {
    const key = newKey();
    expect(storage.keyFromUploadUrl(`${endpoint}/${BUCKET}/${key}`)).toBe(key);
    expect(storage.keyFromUploadUrl(`${endpoint}/${BUCKET}/${encodeURIComponent(key)}?X-Goog-Signature=00`)).toBe(key);
    for (const foreign of [
      `${endpoint}/other-bucket/${key}`,
      `http://127.0.0.2:${new URL(endpoint).port}/${BUCKET}/${key}`,
      `${endpoint}/${BUCKET}/${key}/more`,
      `${endpoint}/${BUCKET}/cv/..%2F..%2Fsecrets`,
      `${endpoint}/${BUCKET}/%E0%A4%A`,
      `/api/uploads/${key}`,
      'not a url',
    ]) {
      expect(storage.keyFromUploadUrl(foreign), foreign).toBeUndefined();
    }

    const google = createGcsStorage({ bucket: BUCKET, credentials: { client_email: CLIENT_EMAIL, private_key: privateKey }, clock });
    expect(google.uploadOrigin).toBe('https://storage.googleapis.com');
    expect(google.keyFromUploadUrl(`https://storage.googleapis.com/${BUCKET}/${key}?X-Goog-Algorithm=GOOG4-RSA-SHA256`)).toBe(key);
    expect(google.keyFromUploadUrl(`https://${BUCKET}.storage.googleapis.com/${key}`)).toBe(key);
    expect(google.keyFromUploadUrl(`https://other.storage.googleapis.com/${key}`)).toBeUndefined();
    expect(google.keyFromUploadUrl(`http://storage.googleapis.com/${BUCKET}/${key}`)).toBeUndefined();
  });

  it('stores a streamed file with its type, serves it whole (checked) and in ranges, and deletes it', async () => {
    const key = newKey('video');
    const chunks = [Buffer.from('\0\0\0\x18ftypmp42'), Buffer.alloc(300_000, 9), Buffer.from('end of video')];
    const whole = Buffer.concat(chunks);
    await storage.putFile(key, Readable.from(chunks), { size: whole.length, contentType: 'video/mp4' });
    expect(calls).toMatchObject([{ method: 'POST', path: `/upload/storage/v1/b/${BUCKET}/o`, query: { uploadType: 'multipart', name: key } }]);
    expect(objects.get(key)?.contentType).toBe('video/mp4');
    expect(Buffer.compare(objects.get(key)!.data, whole)).toBe(0);

    expect(Buffer.compare(await buffer(await storage.createReadStream(key)), whole)).toBe(0);
    calls = [];
    expect(await text(await storage.createReadStream(key, { start: whole.length - 12, end: whole.length - 1 }))).toBe('end of video');
    expect(calls).toMatchObject([{ method: 'GET', query: { alt: 'media' }, range: `bytes=${whole.length - 12}-${whole.length - 1}` }]);

    calls = [];
    await storage.delete(key);
    expect(calls).toMatchObject([{ method: 'DELETE', path: `/storage/v1/b/${BUCKET}/o/${encodeURIComponent(key)}` }]);
    expect(objects.has(key)).toBe(false);
    expect(await storage.stat(key)).toBeUndefined();
    // Deleting what is already gone is not an error.
    await storage.delete(key);
  });

  it('fails a whole-file read whose bytes do not match the stored CRC32C', async () => {
    const key = newKey('video');
    objects.set(key, { data: Buffer.from('original bytes'), contentType: 'video/mp4', servedData: Buffer.from('garbled! bytes') });
    await expect(buffer(await storage.createReadStream(key))).rejects.toThrow(/did not match/);
    // A range cannot be checked against a whole-object hash, so it is served as it comes.
    expect(await text(await storage.createReadStream(key, { start: 0, end: 7 }))).toBe('garbled!');
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
    await expect(storage.createUploadUrl({ key: 'cv/../../x', maxBytes: 1, expiresAt: new Date(now.getTime() + 60_000) })).rejects.toThrow(
      /Refusing object key/,
    );
    await expect(storage.readStart('CV/x', 4)).rejects.toThrow(/Refusing object key/);
    expect(calls).toHaveLength(1);
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

    // GCS cannot revoke a signed URL: the PUT goes through, to a key nothing serves.
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
});
