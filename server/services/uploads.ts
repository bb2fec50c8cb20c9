// The two-step upload of documents: the app hands out a signed URL for a pending object it owns,
// the browser PUTs the file there, and the app then checks size and content before the object is used.
// CVs belong to the signed-in job seeker; careers resumes are anonymous and belong to whoever holds the upload URL.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { jobSeekerProfiles, objects, type StoredObject } from '#shared/schema.ts';
import { LIMITS } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { detectDocumentType, detectImageType } from './file-types.ts';
import type { ErrorCode } from '#shared/errors.ts';
import { DomainError } from '../domain-error.ts';

export interface UploadContext {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
}

export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** An upload no profile or application uses is deleted after this (jobs/clean-up-uploads.ts). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Who may finish an upload: the owner of a CV, a company's trade licence or a report's screenshot, or for an
 * anonymous resume whoever holds its upload URL.
 */
export type DocumentUploader = { kind: 'cv' | 'licence' | 'screenshot'; ownerId: string } | { kind: 'resume' };

/** What each kind of upload may be, by its first bytes, and the refusal of anything else. */
const ACCEPTED: Record<DocumentUploader['kind'], { detect: (bytes: Buffer) => string | undefined; refusal: ErrorCode }> = {
  cv: { detect: detectDocumentType, refusal: 'upload.document_type' },
  resume: { detect: detectDocumentType, refusal: 'upload.document_type' },
  licence: { detect: (bytes) => (detectDocumentType(bytes) === 'application/pdf' ? 'application/pdf' : detectImageType(bytes)), refusal: 'upload.licence_type' },
  screenshot: { detect: detectImageType, refusal: 'upload.image_type' },
};

// Only a hash of an anonymous upload's URL is kept: the URL itself is the uploader's proof, like a password.
const hashUploadUrl = (uploadURL: string) => createHash('sha256').update(uploadURL).digest();

export async function createDocumentUpload(ctx: UploadContext, input: DocumentUploader): Promise<{ uploadURL: string }> {
  const key = `${input.kind}/${randomUUID()}`;
  // The link writes to a key of its own; finishing moves the checked file to `key`, which no link can write, so
  // nothing sent through the link later is ever served (docs/decisions/0007).
  const uploadKey = `upload/${randomUUID()}`;
  const uploadURL = await ctx.storage.createUploadUrl({
    key: uploadKey,
    maxBytes: LIMITS.documentMaxBytes,
    expiresAt: new Date(ctx.clock.now().getTime() + UPLOAD_URL_TTL_MS),
  });
  await ctx.db
    .insert(objects)
    .values(
      input.kind === 'resume'
        ? { key, uploadKey, kind: input.kind, uploadTokenHash: hashUploadUrl(uploadURL).toString('hex') }
        : { key, uploadKey, kind: input.kind, ownerId: input.ownerId },
    );
  return { uploadURL };
}

/** Local uploads only: the app receives the PUT itself, so a link takes a file only while its upload is unfinished. */
export async function receiveLocalUpload(ctx: UploadContext, token: string, body: Readable, declaredLength: number | undefined) {
  if (!ctx.storage.receiveUpload) throw new DomainError('upload.link_unknown');
  await ctx.storage.receiveUpload(token, body, {
    declaredLength,
    isOpen: async (uploadKey) =>
      Boolean(await ctx.db.query.objects.findFirst({ columns: { id: true }, where: and(eq(objects.uploadKey, uploadKey), eq(objects.status, 'pending')) })),
  });
}

function mayFinalize(row: StoredObject, input: DocumentUploader & { objectURL: string }): boolean {
  if (input.kind !== 'resume') return row.ownerId === input.ownerId;
  if (row.ownerId !== null || !row.uploadTokenHash) return false;
  // Exactly the URL this upload was given: another validly signed URL for the same key does not count.
  const stored = Buffer.from(row.uploadTokenHash, 'hex');
  const given = hashUploadUrl(input.objectURL);
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/** What is wrong with the file at `key`, or its size and type when nothing is. */
async function checkDocument(storage: ObjectStorage, key: string, kind: DocumentUploader['kind']): Promise<{ refusal: ErrorCode } | { size: number; contentType: string }> {
  const stat = await storage.stat(key);
  if (!stat) throw new DomainError('upload.not_arrived');
  if (stat.size > LIMITS.documentMaxBytes) return { refusal: 'upload.document_too_large' };
  if (stat.size === 0) return { refusal: 'upload.empty' };
  const contentType = ACCEPTED[kind].detect(await storage.readStart(key, stat.size));
  return contentType ? { size: stat.size, contentType } : { refusal: ACCEPTED[kind].refusal };
}

/**
 * Moves the uploaded file where its link cannot write, then checks it there: what is checked is what is served.
 * A file that fails is deleted and its row marked refused (the clean-up removes the row once its link is dead).
 * Returns the path the profile or application refers to.
 */
export async function finalizeDocumentUpload(
  ctx: UploadContext,
  input: DocumentUploader & { objectURL: string },
): Promise<{ objectPath: string }> {
  const notFound = new DomainError('upload.not_found');
  const uploadKey = ctx.storage.keyFromUploadUrl(input.objectURL);
  if (!uploadKey) throw notFound;
  // The row stays locked while its file moves and is checked: two finishes of one upload take turns, and the
  // clean-up skips it. A crash before the commit leaves a pending row, which nothing serves and the clean-up finds.
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(objects)
      .where(and(eq(objects.uploadKey, uploadKey), eq(objects.kind, input.kind)))
      .for('update');
    // Someone else's upload is answered like a missing one: nothing about it is revealed.
    if (!row || row.status === 'refused' || !mayFinalize(row, input)) throw notFound;
    const objectPath = `/objects/${row.key}`;
    if (row.status === 'ready') return { objectPath };

    await ctx.storage.move(uploadKey, row.key);
    const checked = await checkDocument(ctx.storage, row.key, input.kind);
    if ('refusal' in checked) {
      await ctx.storage.delete(row.key);
      await tx.update(objects).set({ status: 'refused', updatedAt: ctx.clock.now() }).where(eq(objects.id, row.id));
      return checked;
    }
    await tx
      .update(objects)
      .set({ status: 'ready', size: checked.size, contentType: checked.contentType, updatedAt: ctx.clock.now() })
      .where(eq(objects.id, row.id));
    return { objectPath };
  });
  if ('refusal' in outcome) throw new DomainError(outcome.refusal);
  return outcome;
}

/** The stored file behind any of these keys (a poster is found through its video's row). */
export async function findObjectByKeys(db: Db, keys: string[]): Promise<StoredObject | undefined> {
  return db.query.objects.findFirst({ where: inArray(objects.key, keys) });
}

/** The job seeker's own video that arrived by resumable upload `uploadId`, once it is ready. */
export async function findArrivedVideoUpload(db: Db, ownerId: string, uploadId: string) {
  const [arrived] = await db
    .select({ key: objects.key, url: objects.url, size: objects.size })
    .from(objects)
    .where(and(eq(objects.resumableUploadId, uploadId), eq(objects.ownerId, ownerId), eq(objects.status, 'ready')));
  return arrived;
}

/** "<full name>-cv" for a CV whose owner has a profile, else "<kind>-<start of id>": the name a saved file gets. */
export async function savedFileName(db: Db, row: { kind: string; id: string; ownerId: string | null }): Promise<string> {
  if (row.kind === 'cv' && row.ownerId) {
    const [profile] = await db.select({ fullName: jobSeekerProfiles.fullName }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, row.ownerId));
    if (profile?.fullName) return `${profile.fullName}-cv`;
  }
  return `${row.kind}-${row.id.slice(0, 8)}`;
}
