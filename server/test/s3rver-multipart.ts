// s3rver, the real S3 server the tests run on loopback, takes multipart uploads (create, upload part, complete) but
// answers NotImplemented to three calls the store of resumable video uploads needs: listing an upload's parts, listing
// the uploads in progress and aborting one. They are added here, in front of s3rver, from the files s3rver itself
// keeps for each upload (a directory per upload id holding the key and one file per part). Tests only.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type S3rver from 's3rver';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const escape = (value: string) => value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xml(ctx: KoaContext, status: number, body: string) {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

const noSuchUpload = (ctx: KoaContext, uploadId: string) =>
  xml(ctx, 404, `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${escape(uploadId)}</UploadId></Error>`);

/** Adds ListParts, ListMultipartUploads and AbortMultipartUpload (path-style requests) to a server not yet run. */
export function addMultipartListing(server: S3rver): void {
  const store = (server as unknown as { store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string } }).store;
  const uploadsDir = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  const uploadDir = (bucket: string, uploadId: string) => (/^[\w-]+$/.test(uploadId) ? path.join(uploadsDir(bucket), uploadId) : undefined);

  async function listParts(ctx: KoaContext, bucket: string, key: string, uploadId: string) {
    const dir = uploadDir(bucket, uploadId);
    const names = dir ? await fs.readdir(dir).catch(() => undefined) : undefined;
    if (!names) return noSuchUpload(ctx, uploadId);
    const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
    const parts = [];
    for (const number of numbers) {
      const file = path.join(dir!, String(number));
      // A part still being written has no checksum yet: S3 lists only parts it has taken.
      const md5 = await fs.readFile(`${file}.md5`, 'utf8').catch(() => undefined);
      if (!md5) continue;
      const stat = await fs.stat(file);
      parts.push(
        `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${stat.size}</Size></Part>`,
      );
    }
    xml(
      ctx,
      200,
      `<ListPartsResult xmlns="${XMLNS}"><Bucket>${escape(bucket)}</Bucket><Key>${escape(key)}</Key><UploadId>${escape(uploadId)}</UploadId>` +
        `<PartNumberMarker>0</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  }

  async function listUploads(ctx: KoaContext, bucket: string) {
    const ids = await fs.readdir(uploadsDir(bucket)).catch(() => [] as string[]);
    const uploads = [];
    for (const id of ids) {
      const dir = path.join(uploadsDir(bucket), id);
      const key = await fs.readFile(path.join(dir, 'key'), 'utf8').catch(() => undefined);
      if (key === undefined) continue;
      // The directory's time is when the upload was created (a test may set it back to age an upload).
      const initiated = (await fs.stat(dir)).mtime.toISOString();
      uploads.push(`<Upload><Key>${escape(key)}</Key><UploadId>${escape(id)}</UploadId><Initiated>${initiated}</Initiated></Upload>`);
    }
    xml(ctx, 200, `<ListMultipartUploadsResult xmlns="${XMLNS}"><Bucket>${escape(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`);
  }

  async function abort(ctx: KoaContext, uploadId: string, bucket: string) {
    const dir = uploadDir(bucket, uploadId);
    if (!dir || !(await fs.stat(dir).catch(() => undefined))) return noSuchUpload(ctx, uploadId);
    await fs.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
  }

  const middleware = (server as unknown as { middleware: unknown }).middleware as ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  middleware.unshift(async (ctx, next) => {
    const [bucket, ...rest] = ctx.path.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (bucket && key && uploadId !== undefined && ctx.method === 'GET') return listParts(ctx, bucket, key, uploadId);
    if (bucket && key && uploadId !== undefined && ctx.method === 'DELETE') return abort(ctx, uploadId, bucket);
    if (bucket && !key && 'uploads' in ctx.query && ctx.method === 'GET') return listUploads(ctx, bucket);
    return next();
  });
}
