// The videos being made playable, in the admin console: which are queued, running, done or failed, and why a failed
// one failed (docs/video.md). Newest first, by state.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminVideoJob, Page, VIDEO_JOB_STATES } from '#shared/admin.ts';
import { objects, users, videoJobs } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf } from './keyset.ts';

type VideoJobState = (typeof VIDEO_JOB_STATES)[number];

export async function listVideoJobs(db: Db, query: { state?: VideoJobState; cursor?: string; limit: number }): Promise<Page<AdminVideoJob>> {
  const matching: SQL | undefined = query.state ? eq(videoJobs.state, query.state) : undefined;
  const scope = pageScope('videos', { state: query.state });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(videoJobs.createdAt, objects.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: objects.id,
        key: objects.key,
        ownerEmail: users.email,
        state: videoJobs.state,
        attempts: videoJobs.attempts,
        errorCode: videoJobs.errorCode,
        errorDetail: videoJobs.errorDetail,
        durationMs: objects.durationMs,
        posterKey: objects.posterKey,
        createdAt: videoJobs.createdAt,
        updatedAt: videoJobs.updatedAt,
        at: exactTimestamp(videoJobs.createdAt),
      })
      .from(videoJobs)
      .innerJoin(objects, eq(objects.key, videoJobs.objectKey))
      .leftJoin(users, eq(users.id, objects.ownerId))
      .where(where)
      .orderBy(desc(videoJobs.createdAt), desc(objects.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(videoJobs).where(matching ?? sql`true`)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => ({
      id: r.id,
      videoUrl: `/objects/${r.key}`,
      ownerEmail: r.ownerEmail,
      state: r.state as VideoJobState,
      attempts: r.attempts,
      errorCode: r.errorCode,
      errorDetail: r.errorDetail,
      durationMs: r.durationMs,
      posterUrl: r.posterKey ? `/objects/${r.posterKey}` : null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    }),
    (r) => ({ at: r.at, id: r.id }),
  );
}
