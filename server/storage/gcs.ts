// Files in a Google Cloud Storage bucket: the browser PUTs to a V4 signed URL.
import { pipeline } from 'node:stream/promises';
import { Storage } from '@google-cloud/storage';
import type { Clock } from '../clock.ts';
import { OBJECT_KEY, type ObjectStorage } from './object-storage.ts';

export interface GcsStorageOptions {
  bucket: string;
  projectId?: string;
  /** A service-account key file. With neither this nor credentials: Application Default Credentials. */
  keyFilename?: string;
  credentials?: { client_email: string; private_key: string };
  /** Another JSON API endpoint (tests); requests to it are sent without authentication. */
  apiEndpoint?: string;
  clock: Clock;
}

function checkedKey(key: string): string {
  if (!OBJECT_KEY.test(key)) throw new Error(`Refusing object key ${JSON.stringify(key)}`);
  return key;
}

const statusOf = (err: unknown) => (err as { code?: unknown } | null)?.code;

// V4 signatures count whole seconds: a fractional start would make X-Goog-Expires fractional too.
const wholeSeconds = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

export function createGcsStorage(options: GcsStorageOptions): ObjectStorage {
  const gcs = new Storage({
    projectId: options.projectId,
    keyFilename: options.keyFilename,
    credentials: options.credentials,
    apiEndpoint: options.apiEndpoint,
  });
  const bucket = gcs.bucket(options.bucket);
  // Signed URLs are path-style on the API endpoint (https://storage.googleapis.com/<bucket>/<key>).
  const endpoint = new URL(gcs.apiEndpoint);
  const pathPrefix = `/${options.bucket}/`;
  const virtualHost = `${options.bucket}.${endpoint.host}`;

  return {
    uploadOrigin: endpoint.origin,

    async createUploadUrl({ key, contentType, expiresAt }) {
      // A V4 signed PUT cannot limit the size (only POST policies can): maxBytes is enforced afterwards, when
      // finalizeDocumentUpload (services/uploads.ts) stats the object and deletes one that is too large.
      const [url] = await bucket.file(checkedKey(key)).getSignedUrl({
        version: 'v4',
        action: 'write',
        accessibleAt: wholeSeconds(options.clock.now()),
        expires: wholeSeconds(expiresAt),
        // Signed, so the browser must send the type we expect.
        contentType,
      });
      return url;
    },

    keyFromUploadUrl(url) {
      const parsed = URL.parse(url);
      if (!parsed) return undefined;
      let encodedKey: string | undefined;
      if (parsed.origin === endpoint.origin && parsed.pathname.startsWith(pathPrefix)) encodedKey = parsed.pathname.slice(pathPrefix.length);
      else if (parsed.protocol === endpoint.protocol && parsed.host === virtualHost) encodedKey = parsed.pathname.slice(1);
      if (encodedKey === undefined) return undefined;
      try {
        const key = decodeURIComponent(encodedKey);
        return OBJECT_KEY.test(key) ? key : undefined;
      } catch {
        return undefined;
      }
    },

    async stat(key) {
      try {
        const [metadata] = await bucket.file(checkedKey(key)).getMetadata();
        return { size: Number(metadata.size ?? 0) };
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw err;
      }
    },

    async readStart(key, bytes) {
      try {
        const [contents] = await bucket.file(checkedKey(key)).download({ start: 0, end: bytes - 1 });
        return contents;
      } catch (err) {
        // An empty object has no byte 0 to start from.
        if (statusOf(err) === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    async createReadStream(key, range) {
      // Whole files are checked against the stored CRC32C as they stream; ranges cannot be.
      return bucket.file(checkedKey(key)).createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async delete(key) {
      await bucket.file(checkedKey(key)).delete({ ignoreNotFound: true });
    },

    // A rewrite inside the bucket (no bytes pass through the app), then the delete.
    async move(from, to) {
      try {
        await bucket.file(checkedKey(from)).copy(bucket.file(checkedKey(to)));
      } catch (err) {
        if (statusOf(err) === 404) return;
        throw err;
      }
      await bucket.file(from).delete({ ignoreNotFound: true });
    },

    // One multipart request, streamed; the library compares the CRC32C it computed with the one GCS reports.
    async putFile(key, body, { contentType }) {
      await pipeline(body, bucket.file(checkedKey(key)).createWriteStream({ resumable: false, contentType }));
    },
  };
}
