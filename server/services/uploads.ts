// The two-step upload of SPEC 7 (DESIGN 5): the app hands out a signed URL for a pending object it owns,
// the browser PUTs the file there, and the app then checks size and content before the object is used.
// CVs belong to the signed-in job seeker; careers resumes are anonymous and belong to whoever holds the upload URL.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { objects, type StoredObject } from '#shared/schema.ts';
import { LIMITS } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { detectDocumentType } from './file-types.ts';

export interface UploadContext {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
}

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;

/** Who may finish an upload: a CV's owner, or for an anonymous resume whoever holds its upload URL. */
export type DocumentUploader = { kind: 'cv'; ownerId: string } | { kind: 'resume' };

// Only a hash of an anonymous upload's URL is kept: the URL itself is the uploader's proof, like a password.
const hashUploadUrl = (uploadURL: string) => createHash('sha256').update(uploadURL).digest();

export async function createDocumentUpload(ctx: UploadContext, input: DocumentUploader): Promise<{ uploadURL: string }> {
  const key = `${input.kind}/${randomUUID()}`;
  const uploadURL = await ctx.storage.createUploadUrl({
    key,
    maxBytes: LIMITS.documentMaxBytes,
    expiresAt: new Date(ctx.clock.now().getTime() + UPLOAD_URL_TTL_MS),
  });
  await ctx.db
    .insert(objects)
    .values(
      input.kind === 'cv'
        ? { key, kind: input.kind, ownerId: input.ownerId }
        : { key, kind: input.kind, uploadTokenHash: hashUploadUrl(uploadURL).toString('hex') },
    );
  return { uploadURL };
}

function mayFinalize(row: StoredObject, input: DocumentUploader & { objectURL: string }): boolean {
  if (input.kind === 'cv') return row.ownerId === input.ownerId;
  if (row.ownerId !== null || !row.uploadTokenHash) return false;
  // Exactly the URL this upload was given: another validly signed URL for the same key does not count.
  const stored = Buffer.from(row.uploadTokenHash, 'hex');
  const given = hashUploadUrl(input.objectURL);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

async function refuse(ctx: UploadContext, id: string, key: string, message: string): Promise<never> {
  await ctx.storage.delete(key);
  await ctx.db.delete(objects).where(eq(objects.id, id));
  throw new HttpError(400, message);
}

/** Checks the uploaded file; a file that fails is deleted with its row. Returns the path the profile or application refers to. */
export async function finalizeDocumentUpload(
  ctx: UploadContext,
  input: DocumentUploader & { objectURL: string },
): Promise<{ objectPath: string }> {
  const key = ctx.storage.keyFromUploadUrl(input.objectURL);
  const row = key
    ? await ctx.db.query.objects.findFirst({ where: and(eq(objects.key, key), eq(objects.kind, input.kind)) })
    : undefined;
  // Someone else's upload is answered like a missing one: nothing about it is revealed.
  if (!row || !mayFinalize(row, input)) throw new HttpError(404, 'Upload not found. Please upload the file again.');
  const objectPath = `/objects/${row.key}`;
  if (row.status === 'ready') return { objectPath };

  const stat = await ctx.storage.stat(row.key);
  if (!stat) throw new HttpError(400, 'The file did not arrive. Please upload it again.');
  if (stat.size > LIMITS.documentMaxBytes) return refuse(ctx, row.id, row.key, 'The file must be 5MB or smaller');
  if (stat.size === 0) return refuse(ctx, row.id, row.key, 'The file is empty');
  const contentType = detectDocumentType(await ctx.storage.readStart(row.key, stat.size));
  if (!contentType) return refuse(ctx, row.id, row.key, 'Please upload a PDF, DOC or DOCX file');

  await ctx.db
    .update(objects)
    .set({ status: 'ready', size: stat.size, contentType, updatedAt: ctx.clock.now() })
    .where(eq(objects.id, row.id));
  return { objectPath };
}
