// The two-step upload of SPEC 7 (DESIGN 5): the app hands out a signed URL for a pending object it owns,
// the browser PUTs the file there, and the app then checks size and content before the object is used.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
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

export async function createDocumentUpload(ctx: UploadContext, input: { kind: 'cv'; ownerId: string }): Promise<{ uploadURL: string }> {
  const key = `${input.kind}/${randomUUID()}`;
  await ctx.db.insert(objects).values({ key, kind: input.kind, ownerId: input.ownerId });
  const uploadURL = await ctx.storage.createUploadUrl({
    key,
    maxBytes: LIMITS.documentMaxBytes,
    expiresAt: new Date(ctx.clock.now().getTime() + UPLOAD_URL_TTL_MS),
  });
  return { uploadURL };
}

async function refuse(ctx: UploadContext, id: string, key: string, message: string): Promise<never> {
  await ctx.storage.delete(key);
  await ctx.db.delete(objects).where(eq(objects.id, id));
  throw new HttpError(400, message);
}

/** Checks the uploaded file; a file that fails is deleted with its row. Returns the path the profile refers to. */
export async function finalizeDocumentUpload(
  ctx: UploadContext,
  input: { kind: 'cv'; ownerId: string; objectURL: string },
): Promise<{ objectPath: string }> {
  const key = ctx.storage.keyFromUploadUrl(input.objectURL);
  const row = key
    ? await ctx.db.query.objects.findFirst({ where: and(eq(objects.key, key), eq(objects.kind, input.kind)) })
    : undefined;
  // Someone else's upload is answered like a missing one: nothing about it is revealed.
  if (!row || row.ownerId !== input.ownerId) throw new HttpError(404, 'Upload not found. Please upload the file again.');
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
