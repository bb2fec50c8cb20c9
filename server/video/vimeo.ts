// Introduction videos on Vimeo: uploaded with tus as unlisted videos (playable by whoever has the player URL, never
// listed or searchable on Vimeo), played in Vimeo's player.
//
// NOTE for the profile service: a Vimeo video's URL is its player URL, https://player.vimeo.com/video/<id>?h=<hash>,
// not /objects/video/<uuid>. Who uploaded it is recorded in an `objects` row (kind 'video', status 'ready') whose key
// vimeoObjectKey(videoUrl) derives from that URL, so the profile service checks a Vimeo URL by looking up that key
// with the user as owner, exactly as it checks /objects/video/<uuid> paths. No schema change is needed.
import { createHash } from 'node:crypto';
import { Vimeo, type RequestOptions } from '@vimeo/vimeo';
import { objects } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import type { VideoHost } from './video-host.ts';

export const VIMEO_PLAYER_ORIGIN = 'https://player.vimeo.com';

const PLAYER_URL = /^https:\/\/player\.vimeo\.com\/video\/(\d+)(?:\?h=([0-9a-zA-Z]+))?$/;

/** The video id and privacy hash of a player URL this host returns; undefined for anything else. */
export function parseVimeoPlayerUrl(url: string): { id: string; hash: string | undefined } | undefined {
  const match = PLAYER_URL.exec(url);
  return match ? { id: match[1]!, hash: match[2] } : undefined;
}

/** The key of the `objects` row recording who uploaded the video at this player URL; undefined for other URLs.
 *  Derived from the whole URL (hash included), so only URLs this host returned have a row. */
export function vimeoObjectKey(videoUrl: string): string | undefined {
  if (!parseVimeoPlayerUrl(videoUrl)) return undefined;
  const hex = createHash('sha256').update(`vimeo:${videoUrl}`).digest('hex');
  // Laid out as a UUID (version 8, "custom"), the shape of every object key.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `video/${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// Unlisted: only people with the link can watch, and Vimeo never lists or suggests it. The player may be embedded
// anywhere (our client shows it in an iframe); downloads, comments and adding to showcases are off.
export const VIMEO_PRIVACY = { view: 'unlisted', embed: 'public', download: false, add: false, comments: 'nobody' } as const;

/** The library's promise API hides the status of a failed call; its callback API does not. */
function call<T>(client: Vimeo, options: RequestOptions): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    client.request(options, (err, body, status) => {
      if (status === undefined) reject(err ?? new Error('Vimeo did not answer'));
      else resolve({ status, body: body as T });
    });
  });
}

/** The player URL of a freshly uploaded video, with the hash an unlisted video needs. */
function playerUrl(id: string, video: { player_embed_url?: string; link?: string }): string {
  let hash: string | undefined;
  try {
    if (video.player_embed_url) hash = new URL(video.player_embed_url).searchParams.get('h') ?? undefined;
  } catch {
    hash = undefined;
  }
  // The page link of an unlisted video is https://vimeo.com/<id>/<hash>.
  hash ??= video.link ? new RegExp(`/${id}/([0-9a-zA-Z]+)/?$`).exec(video.link)?.[1] : undefined;
  const url = `${VIMEO_PLAYER_ORIGIN}/video/${id}${hash ? `?h=${hash}` : ''}`;
  if (!parseVimeoPlayerUrl(url)) throw new Error(`Vimeo returned an unusable player URL for video ${id}`);
  return url;
}

/** Turns the received file into the MP4 that goes to Vimeo; answers its path and size and a way to remove it. */
export type PrepareVideo = (input: { filePath: string; size: number; contentType: string }) => Promise<{ filePath: string; size: number; contentType: string; dispose(): Promise<void> }>;

export function createVimeoVideoHost(options: { db: Db; accessToken: string; prepare?: PrepareVideo }): VideoHost {
  // A personal access token is all the API needs (Bearer); client id and secret are for OAuth flows we do not use.
  const client = new Vimeo(null, null, options.accessToken);

  async function deleteVideo(id: string) {
    const { status, body } = await call(client, { method: 'DELETE', path: `/videos/${id}` });
    // Already gone is fine: deleting is how it was meant to end.
    if (status >= 400 && status !== 404) throw new Error(`Vimeo did not delete video ${id} (${status}): ${String(body)}`);
  }

  return {
    playerOrigin: VIMEO_PLAYER_ORIGIN,

    async upload(received) {
      const { title, description, ownerId } = received;
      // The same playable MP4 the app makes for its own videos goes to Vimeo (docs/video.md): small, and sure to play.
      const prepared = options.prepare ? await options.prepare(received) : { ...received, dispose: async () => {} };
      try {
        return await send(prepared, { title, description, ownerId });
      } finally {
        await prepared.dispose();
      }
    },

    objectKeyOf: vimeoObjectKey,

    async delete(videoUrl) {
      const player = parseVimeoPlayerUrl(videoUrl);
      if (!player) return;
      await deleteVideo(player.id);
    },
  };

  async function send(
    { filePath, size, contentType }: { filePath: string; size: number; contentType: string },
    { title, description, ownerId }: { title: string; description: string; ownerId: string },
  ): Promise<{ videoUrl: string }> {
    // POST /me/videos (tus approach, with name, description and privacy), then the file with tus PATCHes.
    const uri = await client.upload(filePath, { name: title, description, privacy: { ...VIMEO_PRIVACY } });
    const id = /^\/videos\/(\d+)$/.exec(uri)?.[1];
    if (!id) throw new Error(`Vimeo answered an unexpected video URI: ${uri}`);
    try {
      const { status, body } = await call<{ player_embed_url?: string; link?: string }>(client, {
        method: 'GET',
        path: `/videos/${id}?fields=player_embed_url,link`,
      });
      if (status >= 400) throw new Error(`Vimeo did not describe video ${id} (${status})`);
      const videoUrl = playerUrl(id, body);
      await options.db.insert(objects).values({ key: vimeoObjectKey(videoUrl)!, kind: 'video', ownerId, contentType, size, status: 'ready', url: videoUrl });
      return { videoUrl };
    } catch (err) {
      // Nobody could ever use the video: do not leave it on the account.
      await deleteVideo(id).catch(() => undefined);
      throw err;
    }
  }
}
