// Makes uploaded videos playable on every phone, in the background (docs/video.md). The queue is the video_jobs table:
// each app process takes one job at a time (FOR UPDATE SKIP LOCKED, so processes never take the same one), replaces
// the stored original with the H.264/AAC MP4 at the same key, stores the poster beside it and records the duration.
// A machine's failure is tried again later (three tries); a file ffmpeg cannot read is not: its file is deleted and
// the job seeker is told to upload another.
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { objects, videoJobs } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { FfmpegConfig } from '../config-parts.ts';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import { makePlayable, UnreadableVideoError } from '../video/make-playable.ts';
import { posterKeyOf } from '../video/local.ts';
import { holdFileDeletions } from '../services/file-deletions.ts';
import { startPeriodicJob } from './periodic.ts';

export const VIDEO_JOB_MAX_ATTEMPTS = 3;
/** A job whose process died is taken again after this (longer than any ffmpeg run). */
const LOCK_MS = 20 * 60 * 1000;
const RETRY_DELAY_MS = 5 * 60 * 1000;

export interface VideoProcessingContext {
  db: Db;
  storage: Pick<ObjectStorage, 'createReadStream' | 'putFile' | 'delete'>;
  clock: Clock;
  ffmpeg: FfmpegConfig;
  temporaryDir: string;
  logger: Logger;
  /** Told how each job ended (the product counts it for /metrics). */
  onFinished?: (result: 'done' | 'unreadable' | 'retried' | 'failed') => void;
}

/** Takes the next due job (queued, or running past its lock); undefined when there is none. */
async function claimNextJob(ctx: VideoProcessingContext): Promise<{ objectKey: string; attempts: number } | undefined> {
  const now = ctx.clock.now();
  const { rows } = await ctx.db.execute<{ object_key: string; attempts: number }>(sql`
    update video_jobs set state = 'running', attempts = attempts + 1,
      locked_until = ${new Date(now.getTime() + LOCK_MS).toISOString()}, updated_at = ${now.toISOString()}
    where object_key = (
      select object_key from video_jobs
      where (state = 'queued' and run_after <= ${now.toISOString()})
         or (state = 'running' and locked_until < ${now.toISOString()})
      order by run_after
      limit 1
      for update skip locked)
    returning object_key, attempts`);
  const row = rows[0];
  return row ? { objectKey: row.object_key, attempts: row.attempts } : undefined;
}

/** Processes one job if one is due; answers whether there was one. */
export async function processNextVideo(ctx: VideoProcessingContext): Promise<boolean> {
  const job = await claimNextJob(ctx);
  if (!job) return false;
  const key = job.objectKey;
  const input = claimTemporaryPath(ctx.temporaryDir);
  const videoPath = claimTemporaryPath(ctx.temporaryDir);
  const posterPath = claimTemporaryPath(ctx.temporaryDir);
  try {
    await fs.mkdir(ctx.temporaryDir, { recursive: true });
    await pipeline(await ctx.storage.createReadStream(key), createWriteStream(input, { mode: 0o600 }));
    const { durationMs } = await makePlayable(ctx.ffmpeg, input, { videoPath, posterPath });
    const [video, poster] = await Promise.all([fs.stat(videoPath), fs.stat(posterPath)]);
    const posterKey = posterKeyOf(key);
    await ctx.storage.putFile(posterKey, createReadStream(posterPath), { size: poster.size, contentType: 'image/jpeg' });
    // The MP4 takes the original's place: the profile's link stays the same, and the original is gone.
    await ctx.storage.putFile(key, createReadStream(videoPath), { size: video.size, contentType: 'video/mp4' });
    await ctx.db.transaction(async (tx) => {
      await tx.update(objects).set({ contentType: 'video/mp4', size: video.size, durationMs, posterKey }).where(eq(objects.key, key));
      await tx
        .update(videoJobs)
        .set({ state: 'done', lockedUntil: null, errorCode: null, errorDetail: null })
        .where(and(eq(videoJobs.objectKey, key), eq(videoJobs.state, 'running')));
    });
    ctx.logger.info({ key, durationMs, bytes: video.size }, 'video made playable');
    ctx.onFinished?.('done');
  } catch (err) {
    if (err instanceof UnreadableVideoError) {
      // Nothing half-made stays: the file goes, the row says why (the profile shows it to its owner).
      await ctx.db.transaction(async (tx) => {
        await holdFileDeletions(tx);
        await ctx.storage.delete(key);
        await ctx.storage.delete(posterKeyOf(key));
        await tx.update(objects).set({ status: 'refused' }).where(eq(objects.key, key));
        await tx
          .update(videoJobs)
          .set({ state: 'failed', lockedUntil: null, errorCode: 'video.unreadable', errorDetail: err.message })
          .where(eq(videoJobs.objectKey, key));
      });
      ctx.logger.warn({ key, detail: err.message }, 'video could not be read');
      ctx.onFinished?.('unreadable');
    } else {
      const last = job.attempts >= VIDEO_JOB_MAX_ATTEMPTS;
      await ctx.db
        .update(videoJobs)
        .set({
          state: last ? 'failed' : 'queued',
          lockedUntil: null,
          runAfter: new Date(ctx.clock.now().getTime() + RETRY_DELAY_MS * job.attempts),
          errorCode: 'video.processing_failed',
          errorDetail: String((err as Error).message ?? err).slice(0, 500),
        })
        .where(eq(videoJobs.objectKey, key));
      ctx.logger.error({ err, key, attempt: job.attempts }, last ? 'video processing failed for good' : 'video processing failed; it will be tried again');
      ctx.onFinished?.(last ? 'failed' : 'retried');
    }
  } finally {
    await Promise.all([dropTemporaryPath(input), dropTemporaryPath(videoPath), dropTemporaryPath(posterPath)]);
  }
  return true;
}

/** Looks for due videos every `intervalMs` (default 5 s) and processes them one after another until stopped. */
export function startVideoProcessing(ctx: VideoProcessingContext & { intervalMs?: number }) {
  let stopping = false;
  const job = startPeriodicJob({
    name: 'video processing',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 5000,
    run: async () => {
      // Shutdown waits for the video in hand only; the rest stay queued for the next process.
      while (!stopping && (await processNextVideo(ctx))) {
        /* the next one */
      }
    },
  });
  return {
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
