import { pipeline } from 'node:stream/promises';
import express from 'express';
import type { CompanyProfile, StoredObject, User } from '#shared/schema.ts';
import { uploadAclSchema } from '#shared/uploads.ts';
import { requireRole, requireUser } from '../auth/current-user.ts';
import { hasDatabaseAccess } from '../auth/require-active-company.ts';
import { profileShowingFile, recordCandidateEvent } from '../services/candidate-search/candidate.ts';
import { DomainError } from '../domain-error.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { OBJECT_KEY } from '../storage/object-storage.ts';
import { createDocumentUpload, finalizeDocumentUpload, findObjectByKeys, receiveLocalUpload, savedFileName, type UploadContext } from '../services/uploads.ts';

const INLINE_IMAGES = new Set(['image/jpeg', 'image/png', 'image/webp']);

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The name a saved file gets: a CV is "<name>-cv.docx" after its owner's profile, anything else its kind and id, with
 * the extension of its real type so it opens on the reader's computer. Names outside ASCII (Arabic, Devanagari…) go
 * in filename* (RFC 6266); the plain filename keeps what ASCII can say of it.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', base: string, contentType: string | null): string {
  const extension = contentType ? EXTENSIONS[contentType] : undefined;
  const name = `${base.normalize('NFC').replace(/[^\p{L}\p{M}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'file'}${extension ? `.${extension}` : ''}`;
  const ascii = name.replace(/[^\x20-\x7e]/g, '').replace(/^[-.]+/, '').replace(/["\\]/g, '');
  const fallback = ascii && !ascii.startsWith('.') ? ascii : `file${extension ? `.${extension}` : ''}`;
  return ascii === name ? `${disposition}; filename="${name}"` : `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const uploadsPerHour = { name: 'uploads', windowMs: 60 * 60 * 1000, max: 60, key: (req: express.Request) => req.user?.id };

/** CV uploads: POST /api/objects/upload, then PUT /api/objects/acl. */
export function objectsApiRouter(ctx: UploadContext) {
  const router = express.Router();
  router.post('/objects/upload', requireRole('job_seeker'), rateLimit(ctx.db, ctx.clock, uploadsPerHour), async (req, res) => {
    res.json(await createDocumentUpload(ctx, { kind: 'cv', ownerId: req.user!.id }));
  });
  router.put('/objects/acl', requireRole('job_seeker'), validate(uploadAclSchema), async (req, res) => {
    res.json(await finalizeDocumentUpload(ctx, { kind: 'cv', ownerId: req.user!.id, objectURL: req.body.objectURL }));
  });
  return router;
}

/** Receives browser uploads to URLs signed by the local storage driver (the embedded default). */
export function localUploadRouter(ctx: UploadContext) {
  const router = express.Router();
  router.put('/uploads/:token', async (req, res, next) => {
    const length = req.headers['content-length'] ? Number(req.headers['content-length']) : undefined;
    try {
      await receiveLocalUpload(ctx, req.params.token, req, length);
      res.status(200).end();
    } catch (err) {
      // Stop reading a body we refused, so a too-large upload ends at once.
      if (err instanceof DomainError) res.setHeader('Connection', 'close');
      next(err);
    }
  });
  return router;
}

/** The byte range a Range header asks for, clamped to the file; undefined for none or one we do not serve. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return undefined;
  let start: number;
  let end: number;
  if (!match[1]) {
    start = Math.max(0, size - Number(match[2])); // the last N bytes
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}

/** The company and the profile when an active company asks for a file of a profile it may see. */
async function companyReading(ctx: UploadContext, user: User, company: CompanyProfile | null | undefined, file: StoredObject) {
  // loadCurrentUser read the company with the user.
  if (user.role !== 'company' || !company || !hasDatabaseAccess(company, ctx.clock.now())) return undefined;
  const profileId = await profileShowingFile(ctx.db, file, company.id);
  return profileId ? { companyId: company.id, profileId } : undefined;
}

/** Files are served only through the app, to their owner, administrators, and active companies looking at an
 *  approved profile. CVs download; videos play inline with HTTP Range so the browser can seek. */
export function objectFilesRouter(ctx: UploadContext) {
  const router = express.Router();
  router.get('/objects/:kind/:id', requireUser, async (req, res) => {
    const key = `${req.params.kind}/${req.params.id}`;
    // A video's poster is seen by whoever may see the video: its row is the video's (or the seeded sample's).
    const poster = req.params.kind === 'poster';
    const rowKeys = poster ? [`video/${req.params.id}`, `sample/${req.params.id}`] : [key];
    // A path that is no object key names no file (and never reaches the database).
    const found = OBJECT_KEY.test(key) ? await findObjectByKeys(ctx.db, rowKeys) : undefined;
    const row = poster ? (found?.posterKey === key ? { ...found, key, kind: 'poster', contentType: 'image/jpeg', size: (await ctx.storage.stat(key))?.size ?? 0 } : undefined) : found;
    // The seeded sample video shows nobody: anyone signed in may play it.
    const allowed = row && row.status === 'ready' && (row.ownerId === req.user!.id || req.user!.isAdmin || found?.kind === 'sample');
    // An active company, for the CV and video of a profile it may see (the same 404 for anything else).
    const company = row && row.status === 'ready' && !allowed ? await companyReading(ctx, req.user!, req.userCompany, found!) : undefined;
    if (!row || !(allowed || company)) throw new DomainError('file.not_found');
    const size = row.size ?? 0;
    res.setHeader('Content-Type', row.contentType ?? 'application/octet-stream');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // A poster never changes at its key (a new video has a new one): cards show it from the browser's cache.
    res.setHeader('Cache-Control', poster ? 'private, max-age=86400' : 'private, no-store');
    res.setHeader('Accept-Ranges', 'bytes');
    // Videos play in the page; a PDF or an image (a licence, a report's screenshot) may be opened in the browser
    // (?view=inline); the rest downloads. Their types were checked by their bytes when they arrived.
    const viewable = row.contentType === 'application/pdf' || INLINE_IMAGES.has(row.contentType ?? '');
    const inline = row.kind === 'video' || row.kind === 'sample' || poster || (req.query.view === 'inline' && viewable);
    res.setHeader('Content-Disposition', inline && row.kind !== 'cv' ? 'inline' : contentDisposition(inline ? 'inline' : 'attachment', await savedFileName(ctx.db, row), row.contentType));
    // The browser's PDF viewer is a plugin: the app's page policy (object-src 'none') would stop it.
    if (inline && row.contentType === 'application/pdf') res.setHeader('Content-Security-Policy', "default-src 'none'; object-src 'self'");
    const range = parseRange(req.headers.range, size);
    if (range === 'unsatisfiable') {
      res.setHeader('Content-Range', `bytes */${size}`);
      res.status(416).end();
      return;
    }
    // A CV download by a company is recorded once per download, not for each later range of the same file.
    if (company && row.kind === 'cv' && (!range || range.start === 0)) {
      await recordCandidateEvent(ctx.db, company.companyId, company.profileId, { type: 'cv_download', userId: req.user!.id });
    }
    if (range) {
      res.status(206);
      res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      res.setHeader('Content-Length', String(range.end - range.start + 1));
    } else {
      res.setHeader('Content-Length', String(size));
    }
    try {
      // pipeline, not pipe: a viewer who leaves mid-video also ends the read from storage.
      await pipeline(await ctx.storage.createReadStream(row.key, range), res);
    } catch (err) {
      // A row without a stored file (a video kept by a video host) is answered as missing, never as a crash.
      if (!res.headersSent) throw new DomainError('file.not_found');
      req.log.info({ err }, 'file download ended early');
      res.destroy();
    }
  });
  return router;
}
