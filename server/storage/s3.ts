// Files in any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...): the browser PUTs to a presigned URL.
import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from '../clock.ts';
import { OBJECT_KEY, type ObjectStorage } from './object-storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service; unset means AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (environment, shared files, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  clock: Clock;
}

// Presigned URLs live at most a week (SigV4).
const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

function checkedKey(key: string): string {
  if (!OBJECT_KEY.test(key)) throw new Error(`Refusing object key ${JSON.stringify(key)}`);
  return key;
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NotFound' || err.name === 'NoSuchKey');

/** How the app talks to the bucket, for the storage driver and the store of resumable video uploads alike. */
export function s3ClientConfig(options: Pick<S3StorageOptions, 'region' | 'endpoint' | 'forcePathStyle' | 'accessKeyId' | 'secretAccessKey'>): S3ClientConfig {
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // The SDK's default adds a CRC32 of an empty body to presigned PUTs (every real upload would then fail) and
    // sends streamed bodies as aws-chunked with a trailer, which many S3-compatible stores do not accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client(s3ClientConfig(options));
  const Bucket = options.bucket;

  // Where the bucket's objects are, exactly as the SDK addresses them (virtual-hosted unless path style is forced
  // or impossible: IP endpoints, bucket names with dots). Both styles are ours, so both are recognised.
  const bucketBase = (forcePathStyle: boolean) =>
    client.config.endpointProvider({
      Bucket,
      Region: options.region,
      Endpoint: options.endpoint,
      ForcePathStyle: forcePathStyle,
      UseFIPS: false,
      UseDualStack: false,
      Accelerate: false,
    }).url;
  const preferred = bucketBase(options.forcePathStyle ?? false);
  const bases = [preferred, bucketBase(true)].map((url) => ({
    origin: url.origin,
    prefix: url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`,
  }));

  return {
    uploadOrigin: preferred.origin,

    async createUploadUrl({ key, contentType, expiresAt }) {
      // S3 cannot limit the size of a presigned PUT (only POST policies can): maxBytes is enforced afterwards,
      // when finalizeDocumentUpload (services/uploads.ts) stats the object and deletes one that is too large.
      const now = options.clock.now();
      const expiresIn = Math.min(MAX_EXPIRY_SECONDS, Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
      return getSignedUrl(client, new PutObjectCommand({ Bucket, Key: checkedKey(key), ContentType: contentType }), {
        expiresIn,
        signingDate: now,
        // Signed, so the browser must send the type we expect.
        signableHeaders: contentType ? new Set(['content-type']) : undefined,
      });
    },

    keyFromUploadUrl(url) {
      const parsed = URL.parse(url);
      if (!parsed) return undefined;
      for (const base of bases) {
        if (parsed.origin !== base.origin || !parsed.pathname.startsWith(base.prefix)) continue;
        let key: string;
        try {
          key = decodeURIComponent(parsed.pathname.slice(base.prefix.length));
        } catch {
          return undefined;
        }
        return OBJECT_KEY.test(key) ? key : undefined;
      }
      return undefined;
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },

    async readStart(key, bytes) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: `bytes=0-${bytes - 1}` }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (err) {
        // An empty object has no byte 0 to start from.
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    async createReadStream(key, range) {
      const object = await client.send(
        new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      // In Node the body is the HTTP response itself: streamed, never buffered.
      return object.Body as Readable;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },

    // Copied inside the bucket (no bytes pass through the app; one CopyObject takes up to 5 GB). Checked keys need
    // no URL-encoding in the copy source.
    async move(from, to) {
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: checkedKey(to), CopySource: `${Bucket}/${checkedKey(from)}` }));
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      await client.send(new DeleteObjectCommand({ Bucket, Key: from }));
    },

    // One PUT with a known length streams the body (up to 5 GB; videos stop at 100 MB).
    async putFile(key, body, { size, contentType }) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkedKey(key), Body: body, ContentLength: size, ContentType: contentType }));
    },
  };
}
