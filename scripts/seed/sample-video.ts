// The one sample video every seeded profile with a video shows, made once with ffmpeg and stored as the app stores
// videos. Apart from the seeding of people, which only links to it.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import { systemClock } from '../../server/clock.ts';
import type { Config } from '../../server/config.ts';
import type { Db } from '../../server/db/client.ts';
import { createStorage } from '../../server/storage/create-storage.ts';
import { makePlayable } from '../../server/video/make-playable.ts';

/** The one video every seeded profile with a video shows. */
export const SAMPLE_VIDEO_ID = '5eed0000-0000-4000-8000-000000000001';
export const SAMPLE_VIDEO_URL = `/objects/sample/${SAMPLE_VIDEO_ID}`;

/**
 * The shared sample video and its poster, made once with ffmpeg and kept in the configured storage, with an `objects`
 * row of kind 'sample' (no owner: anyone signed in may play it; it shows nobody).
 */
export async function ensureSampleVideo(config: Config, db: Db): Promise<void> {
  const key = `sample/${SAMPLE_VIDEO_ID}`;
  const [existing] = await db.select({ id: objects.id }).from(objects).where(eq(objects.key, key));
  if (existing) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wazifa-sample-'));
  try {
    const source = path.join(dir, 'source.mkv');
    await promisify(execFile)(config.ffmpeg.ffmpegPath, [
      '-hide_banner', '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=330',
      '-t', '6', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', source,
    ]);
    const out = { videoPath: path.join(dir, 'video'), posterPath: path.join(dir, 'poster') };
    const { durationMs } = await makePlayable(config.ffmpeg, source, out);
    const storage = await createStorage(config, systemClock);
    const [video, poster] = await Promise.all([stat(out.videoPath), stat(out.posterPath)]);
    const posterKey = `poster/${SAMPLE_VIDEO_ID}`;
    await storage.putFile(posterKey, createReadStream(out.posterPath), { size: poster.size, contentType: 'image/jpeg' });
    await storage.putFile(key, createReadStream(out.videoPath), { size: video.size, contentType: 'video/mp4' });
    await db
      .insert(objects)
      .values({ key, kind: 'sample', ownerId: null, contentType: 'video/mp4', size: video.size, status: 'ready', durationMs, posterKey })
      .onConflictDoNothing();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
