// Resumable video uploads (tus 1.0.0) at /api/video/tus: job seekers send their introduction video from phones on
// mobile data, and an upload cut at 60% goes on from 60%. Each upload belongs to the job seeker who created it; when
// its last byte arrives it gets the checks of POST /api/video/upload (container bytes), then the video host takes it,
// the video is recorded against the upload (a profile waiting for it takes it), and the upload's files are removed
// whatever the outcome. Asked after later, a finished upload answers complete, with its video's link. Uploads never
// finished go after a day (the upload clean-up).
import fs from 'node:fs/promises';
import express from 'express';
import type { Logger } from 'pino';
import { Metadata, Server, type ServerOptions, type Upload } from '@tus/server';
import { LIMITS } from '#shared/constants.ts';
import { errorText, type ErrorCode } from '#shared/errors.ts';
import { VIDEO_UPLOAD_ID } from '#shared/profile.ts';
import { text } from '#shared/text.ts';
import { videoUploadFieldsSchema } from '#shared/uploads.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { requireRole } from '../auth/current-user.ts';
import { DomainError } from '../domain-error.ts';
import { ERROR_STATUS } from '../http/error-status.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { videoArrived } from '../services/profile-uploads.ts';
import { findArrivedVideoUpload } from '../services/uploads.ts';
import { detectVideoType } from '../services/video-upload.ts';
import type { VideoHost } from '../video/video-host.ts';
import { collectUploadGarbage } from '../video/upload-memory.ts';
import { createUploadLocker } from '../video/upload-locks.ts';
import type { VideoUploadStore } from '../video/video-upload-store.ts';
import { videosPerHour } from './video.ts';

const TUS_PATH = '/api/video/tus';

/** What the client may say about its video (Upload-Metadata); anything else it sends is dropped. */
const clientMetadataSchema = videoUploadFieldsSchema.extend({
  filename: text('File name').max(255, 'Please keep the file name under 255 characters').optional(),
  filetype: text('File type').max(255, 'Please keep the file type under 255 characters').optional(),
});

function clientMetadata(metadata: Upload['metadata']): Record<string, string> {
  const value = (key: string) => metadata?.[key] ?? undefined;
  const fields = clientMetadataSchema.parse({
    filename: value('filename'),
    filetype: value('filetype'),
    title: value('title'),
    description: value('description'),
  });
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

type TusRequest = Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0];
type Finished = Awaited<ReturnType<NonNullable<ServerOptions['onUploadFinish']>>>;

/** The Express request under tus' own request object: who is signed in. */
const signedInUser = (req: TusRequest) => (req.runtime?.node?.req as express.Request | undefined)?.user;

/** A refusal in the app's own shape, `{ code, message }` as JSON. */
const refusal = (code: ErrorCode, status = ERROR_STATUS[code]): Finished => ({
  status_code: status,
  headers: { 'Content-Type': 'application/json; charset=utf-8' },
  body: JSON.stringify({ code, message: errorText(code) }),
});

async function readHead(filePath: string): Promise<Buffer> {
  const handle = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    return head;
  } finally {
    await handle.close();
  }
}

/**
 * tus extensions this server does not offer, and the method override a proxy-less client never needs: concatenation
 * (the stores cannot join uploads), checksums, and X-HTTP-Method-Override (one route's checks must not run another
 * method's work). Refused as the rest of the API refuses bad input, 400, rather than tus' 501 or silence.
 */
const UNSUPPORTED_HEADERS = ['upload-concat', 'upload-checksum', 'x-http-method-override'];
const refuseUnsupported: express.RequestHandler = (req, _res, next) => {
  if (UNSUPPORTED_HEADERS.some((header) => req.headers[header] !== undefined)) return next(new DomainError('video.upload_unsupported'));
  next();
};

export function videoTusRouter(options: { db: Db; clock: Clock; videoHost: VideoHost; uploads: VideoUploadStore; logger: Logger }) {
  const { uploads } = options;
  const store = uploads.datastore;
  // One process may get the last PATCH twice (a client retrying while the first is being finished): one finish only.
  const finishing = new Set<string>();

  async function finish(req: TusRequest, upload: Upload): Promise<Finished> {
    if (finishing.has(upload.id)) return refusal('common.request_refused', 409);
    finishing.add(upload.id);
    let local: Awaited<ReturnType<VideoUploadStore['localFile']>> | undefined;
    try {
      local = await uploads.localFile(upload.id);
      const filePath = local.filePath;
      const contentType = detectVideoType(await readHead(filePath));
      if (!contentType) return refusal('video.wrong_type');
      const fields = clientMetadata(upload.metadata);
      const ownerId = signedInUser(req)!.id;
      const { videoUrl } = await options.videoHost.upload({
        filePath,
        size: upload.offset,
        contentType,
        title: fields.title || 'Profile Video',
        description: fields.description ?? '',
        ownerId,
      });
      const objectKey = options.videoHost.objectKeyOf(videoUrl);
      if (objectKey) await videoArrived(options, { ownerId, uploadId: upload.id, objectKey, videoUrl });
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Video-Url': videoUrl },
        body: JSON.stringify({ videoUrl }),
      };
    } catch (err) {
      if (err instanceof DomainError) return refusal(err.code);
      options.logger.error({ err, uploadId: upload.id }, 'a finished video upload could not be handed to the video host');
      return refusal('common.internal');
    } finally {
      // The video host has its own copy now, or the video was refused: either way nothing stays here.
      await local?.release();
      await uploads.remove(upload.id).catch((err: unknown) => options.logger.warn({ err, uploadId: upload.id }, 'could not remove a finished video upload'));
      finishing.delete(upload.id);
    }
  }

  const tus = new Server({
    path: TUS_PATH,
    datastore: store,
    maxSize: LIMITS.videoMaxBytes,
    // The app may sit behind a proxy that rewrites Host; a relative Location resolves against the URL the client used.
    relativeLocation: true,
    // Same-origin only: no cross-site page may read what tus answers.
    allowedOrigins: () => false,
    async onUploadCreate(req, upload) {
      // The owner comes from the session, never from what the client sent.
      return { metadata: { ...clientMetadata(upload.metadata), ownerId: signedInUser(req)!.id } };
    },
    onUploadFinish: finish,
    // One writer per upload across every instance (the pieces of an upload in a bucket may come through any).
    locker: createUploadLocker(options.db, options.logger),
  });

  const handle: express.RequestHandler = (req, res, next) => {
    tus.handle(req, res).catch(next);
  };

  /** Checks the client's metadata before tus sees it, so a bad title is refused like anywhere else in the API. */
  const checkMetadata: express.RequestHandler = (req, _res, next) => {
    const header = req.get('upload-metadata');
    let metadata: Upload['metadata'];
    try {
      metadata = header ? Metadata.parse(header) : undefined;
    } catch {
      // Not tus metadata at all: tus refuses it with its own 400.
    }
    clientMetadata(metadata);
    next();
  };

  /**
   * Someone else's upload, or one that is gone, answers 404 alike: upload ids tell nothing about their owners. The
   * owner asking after a finished upload (its answer was lost, or the page was closed as it finished) hears it is
   * complete, with its video's link, instead of being sent to start the whole video again.
   */
  const ownUpload: express.RequestHandler<{ id: string }> = async (req, res, next) => {
    const id = req.params.id;
    if (!VIDEO_UPLOAD_ID.test(id)) return next(new DomainError('common.not_found'));
    const upload = await store.getUpload(id).catch(() => undefined);
    if (upload) {
      if (upload.metadata?.ownerId !== req.user!.id) return next(new DomainError('common.not_found'));
      return next();
    }
    const arrived = req.method === 'HEAD' ? await findArrivedVideoUpload(options.db, req.user!.id, id) : undefined;
    if (!arrived) return next(new DomainError('common.not_found'));
    // Offset and length are equal: what tus clients take for a complete upload, whatever its size was.
    const size = String(arrived.size ?? 0);
    res.set({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': size, 'Upload-Length': size, 'Video-Url': arrived.url ?? `/objects/${arrived.key}`, 'Cache-Control': 'no-store' });
    res.status(200).end();
  };

  const router = express.Router();
  const jobSeeker = requireRole('job_seeker');
  router.post('/video/tus', jobSeeker, refuseUnsupported, rateLimit(options.db, options.clock, videosPerHour), checkMetadata, collectUploadGarbage, handle);
  router.head('/video/tus/:id', jobSeeker, refuseUnsupported, ownUpload, handle);
  router.patch('/video/tus/:id', jobSeeker, refuseUnsupported, ownUpload, collectUploadGarbage, handle);
  router.delete('/video/tus/:id', jobSeeker, refuseUnsupported, ownUpload, handle);
  return router;
}
