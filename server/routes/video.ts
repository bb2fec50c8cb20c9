import express from 'express';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { requireRole } from '../auth/current-user.ts';
import { rateLimit } from '../http/rate-limit.ts';
import { uploadVideo } from '../services/video-upload.ts';
import type { VideoHost } from '../video/video-host.ts';
import { collectUploadGarbage } from '../video/upload-memory.ts';

/** Shared with the resumable uploads (video-tus.ts): one budget of videos per job seeker, however they arrive. */
export const videosPerHour = { name: 'video-uploads', windowMs: 60 * 60 * 1000, max: 20, key: (req: express.Request) => req.user?.id };

/** POST /api/video/upload: multipart with video, title and description; answers { videoUrl }. */
export function videoRouter(options: { db: Db; clock: Clock; videoHost: VideoHost; tempDir: string }) {
  const router = express.Router();
  router.post('/video/upload', requireRole('job_seeker'), rateLimit(options.db, options.clock, videosPerHour), collectUploadGarbage, async (req, res) => {
    res.json(await uploadVideo(req, { tempDir: options.tempDir, videoHost: options.videoHost, ownerId: req.user!.id }));
  });
  return router;
}
