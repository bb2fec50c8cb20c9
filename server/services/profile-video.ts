// Where a profile's video stands (shared/profile.ts ProfileVideo): read from its `objects` row and its processing job.
import { sql } from 'drizzle-orm';
import type { ProfileVideo } from '#shared/profile.ts';
import type { DbOrTx } from '../mail/outbox.ts';

const OBJECTS_PREFIX = '/objects/';

export async function profileVideo(db: DbOrTx, videoUrl: string | null): Promise<ProfileVideo | null> {
  if (!videoUrl) return null;
  // A video host's player (Vimeo) makes its own versions and pictures: it plays as it is.
  if (!videoUrl.startsWith(OBJECTS_PREFIX)) return { status: 'ready', posterUrl: null, durationMs: null, errorCode: null };
  const { rows } = await db.execute<{ status: string; poster_key: string | null; duration_ms: number | null; state: string | null; error_code: string | null }>(sql`
    select o.status, o.poster_key, o.duration_ms, j.state, j.error_code
    from objects o left join video_jobs j on j.object_key = o.key
    where o.key = ${videoUrl.slice(OBJECTS_PREFIX.length)}`);
  const row = rows[0];
  if (!row) return null;
  const posterUrl = row.poster_key ? `${OBJECTS_PREFIX}${row.poster_key}` : null;
  if (row.state === 'failed' || row.status === 'refused') {
    return { status: 'failed', posterUrl: null, durationMs: null, errorCode: row.error_code === 'video.unreadable' ? 'video.unreadable' : 'video.processing_failed' };
  }
  if (row.state === 'queued' || row.state === 'running') return { status: 'processing', posterUrl: null, durationMs: null, errorCode: null };
  return { status: 'ready', posterUrl, durationMs: row.duration_ms, errorCode: null };
}
