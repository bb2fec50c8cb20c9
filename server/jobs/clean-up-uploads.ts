// Uploads that no profile or application uses within a day are deleted, file and row: nothing is kept that nobody
// asked to keep. A CV or video a reviewer last decided on counts as used until the next decision, so the review can
// open what the job seeker replaced. Once an upload link is dead, anything it wrote after its upload was finished
// goes too. Safe with several processes: candidates are claimed with FOR UPDATE SKIP LOCKED, and profile creation
// locks the objects it uses, so a file is never deleted under a profile being saved.
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';
import { sweepTemporaryFiles } from '../storage/temporary-files.ts';
import type { VideoHost } from '../video/video-host.ts';
import { removeEndedUploadLocks } from '../video/upload-locks.ts';
import { holdFileDeletions } from '../services/file-deletions.ts';
import { UNUSED_UPLOAD_TTL_MS } from '../services/uploads.ts';
import { startPeriodicJob } from './periodic.ts';

export { UNUSED_UPLOAD_TTL_MS };
/** After this, no upload link writes any more: links live UPLOAD_URL_TTL_MS; the rest is slack for clocks. */
export const DEAD_UPLOAD_LINK_MS = 60 * 60 * 1000;

export interface CleanUpContext {
  db: Db;
  storage: Pick<ObjectStorage, 'delete'>;
  videoHost: Pick<VideoHost, 'delete'>;
  clock: Clock;
}

/** Deletes one batch of unused uploads older than a day; returns how many went. */
export async function cleanUpUnusedUploads(ctx: CleanUpContext, batchSize = 100): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UNUSED_UPLOAD_TTL_MS);
  return ctx.db.transaction(async (tx) => {
    await holdFileDeletions(tx);
    const { rows } = await tx.execute<{ id: string; key: string; upload_key: string | null; kind: string; path: string }>(sql`
      select o.id, o.key, o.upload_key, o.kind, coalesce(o.url, '/objects/' || o.key) as path
      from objects o
      where o.created_at < ${cutoff.toISOString()}
        and not exists (select 1 from job_seeker_profiles p where p.cv_url = '/objects/' || o.key)
        and not exists (select 1 from job_seeker_profiles p where p.video_url = coalesce(o.url, '/objects/' || o.key))
        and not exists (select 1 from job_seeker_profiles p
                        where p.last_reviewed_values is not null and (p.last_reviewed_values ->> 'cvUrl') = '/objects/' || o.key)
        and not exists (select 1 from job_seeker_profiles p
                        where p.last_reviewed_values is not null and (p.last_reviewed_values ->> 'videoUrl') = coalesce(o.url, '/objects/' || o.key))
        and not exists (select 1 from career_applications a where a.resume_url = '/objects/' || o.key)
      order by o.created_at
      limit ${batchSize}
      for update of o skip locked`);
    for (const row of rows) {
      // Videos go through their host (which may be Vimeo); documents live in storage, with whatever their upload
      // link wrote that was never moved.
      if (row.kind === 'video') await ctx.videoHost.delete(row.path);
      else await ctx.storage.delete(row.key);
      if (row.upload_key) await ctx.storage.delete(row.upload_key);
    }
    if (rows.length > 0) {
      await tx.execute(sql`delete from objects where id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
    }
    return rows.length;
  });
}

/**
 * Deletes, for one batch of finished (ready or refused) uploads whose link is dead, whatever the link wrote after
 * the file was moved away (a bucket cannot revoke a signed URL), and forgets the link; returns how many.
 */
export async function cleanUpDeadUploadLinks(ctx: CleanUpContext, batchSize = 100): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - DEAD_UPLOAD_LINK_MS);
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string; upload_key: string }>(sql`
      select id, upload_key from objects
      where upload_key is not null and status <> 'pending' and created_at < ${cutoff.toISOString()}
      order by created_at
      limit ${batchSize}
      for update skip locked`);
    for (const row of rows) await ctx.storage.delete(row.upload_key);
    if (rows.length > 0) {
      await tx.execute(sql`update objects set upload_key = null where id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`);
    }
    return rows.length;
  });
}

/** Runs the clean-up now (at start-up) and then every `intervalMs` (default hourly) until stopped. Besides the
 *  uploads' rows and files, it sweeps `temporaryDirs` for files of uploads that no live upload owns, and removes the
 *  resumable video uploads (`videoUploads`) that were never finished in time. */
export function startUploadCleanUp(
  ctx: CleanUpContext & { logger: Logger; temporaryDirs: string[]; videoUploads?: { deleteExpired(): Promise<number> }; intervalMs?: number },
) {
  return startPeriodicJob({
    name: 'clean-up of unused uploads',
    logger: ctx.logger,
    intervalMs: ctx.intervalMs ?? 60 * 60 * 1000,
    run: async () => {
      // Before the sweep, which would take an expired upload's info by its age and leave its file to a later run.
      // A failure here (an upload finished meanwhile) must not stop the rest of the clean-up.
      const expired = (await ctx.videoUploads?.deleteExpired().catch((err: unknown) => {
        ctx.logger.warn({ err }, 'could not remove expired resumable video uploads');
        return 0;
      })) ?? 0;
      if (expired > 0) ctx.logger.info({ expired }, 'removed resumable video uploads never finished');
      await removeEndedUploadLocks(ctx.db);
      const temporary = await sweepTemporaryFiles(ctx.temporaryDirs);
      if (temporary.files > 0) ctx.logger.info(temporary, 'removed temporary files of uploads that stopped processes left');
      let removed = 0;
      for (let batch = await cleanUpUnusedUploads(ctx); batch > 0; batch = await cleanUpUnusedUploads(ctx)) removed += batch;
      if (removed > 0) ctx.logger.info({ removed }, 'removed unused uploads');
      let links = 0;
      for (let batch = await cleanUpDeadUploadLinks(ctx); batch > 0; batch = await cleanUpDeadUploadLinks(ctx)) links += batch;
      if (links > 0) ctx.logger.info({ links }, 'removed what dead upload links left');
    },
  });
}
