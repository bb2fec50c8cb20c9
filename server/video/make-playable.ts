// Turns an uploaded video, whatever the phone made (a 4K MOV, an AVI, a browser's WebM), into what every phone and
// browser plays: H.264 video and AAC sound in an MP4 whose index comes first (faststart, so playback starts before
// the whole file arrives), at most 720p, with a poster image and the duration (docs/video.md).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FfmpegConfig } from '../config-parts.ts';

const run = promisify(execFile);

/** The shorter side of the result; phones film portrait as often as landscape. */
const MAX_SHORT_SIDE = 720;
/** A 90-second introduction at 720p stays near 15 MB. */
const VIDEO_BITRATE = '1200k';
const MAX_BITRATE = '1800k';
const AUDIO_BITRATE = '96k';
/** Generous for a 100 MB 4K file on a small machine; a file that takes longer is treated as broken. */
const FFMPEG_TIMEOUT_MS = 15 * 60 * 1000;

/** The file is not a video ffmpeg can read (cut short, or not a video at all): another try would fail the same. */
export class UnreadableVideoError extends Error {
  override name = 'UnreadableVideoError';
}

const detailOf = (err: unknown) => String((err as { stderr?: unknown }).stderr ?? (err as Error).message ?? err).trim().slice(0, 500);

export interface PlayableOutput {
  videoPath: string;
  posterPath: string;
}

interface Probe {
  streams?: Array<{ codec_type?: string; width?: number; height?: number }>;
  format?: { duration?: string };
}

/** What ffprobe finds in the file; a file it cannot read, or with no picture, is refused as unreadable. */
async function probe(config: FfmpegConfig, inputPath: string): Promise<{ durationMs: number; hasAudio: boolean }> {
  let found: Probe;
  try {
    const { stdout } = await run(config.ffprobePath, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', inputPath], {
      timeout: 60_000,
      maxBuffer: 4 * 1024 * 1024,
    });
    found = JSON.parse(stdout) as Probe;
  } catch (err) {
    throw new UnreadableVideoError(detailOf(err));
  }
  const video = found.streams?.find((s) => s.codec_type === 'video' && (s.width ?? 0) > 0 && (s.height ?? 0) > 0);
  const seconds = Number(found.format?.duration);
  if (!video || !Number.isFinite(seconds) || seconds <= 0) throw new UnreadableVideoError('no picture or no duration found');
  return { durationMs: Math.round(seconds * 1000), hasAudio: Boolean(found.streams?.some((s) => s.codec_type === 'audio')) };
}

/**
 * Writes the MP4 to out.videoPath and the JPEG poster to out.posterPath; answers the duration. Raises UnreadableVideoError for a file that is not a video ffmpeg
 * can decode (truncated, or not a video at all); any other failure is the machine's, and worth another try.
 */
export async function makePlayable(config: FfmpegConfig, inputPath: string, out: PlayableOutput): Promise<{ durationMs: number }> {
  const { hasAudio } = await probe(config, inputPath);
  const { videoPath, posterPath } = out;
  // Landscape: height at most 720; portrait: width at most 720; never enlarged; even sides, as H.264 needs.
  const scale = `scale='if(gte(iw,ih),-2,min(${MAX_SHORT_SIDE},iw))':'if(gte(iw,ih),min(${MAX_SHORT_SIDE},ih),-2)'`;
  try {
    await run(
      config.ffmpegPath,
      [
        '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
        '-i', inputPath,
        '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : []),
        '-vf', `${scale},format=yuv420p`,
        '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main',
        '-b:v', VIDEO_BITRATE, '-maxrate', MAX_BITRATE, '-bufsize', '3600k',
        ...(hasAudio ? ['-c:a', 'aac', '-b:a', AUDIO_BITRATE, '-ac', '2'] : []),
        '-movflags', '+faststart',
        // Temporary files have no extension: the formats are named.
        '-f', 'mp4', videoPath,
      ],
      { timeout: FFMPEG_TIMEOUT_MS, maxBuffer: 4 * 1024 * 1024 },
    );
  } catch (err) {
    // ffmpeg stops on data it cannot decode (a file cut short, say): the file is the problem, not the machine.
    if (isDecodeFailure(err)) throw new UnreadableVideoError(detailOf(err));
    throw err;
  }
  // The result is probed again: its duration is what plays, and a result without a picture is no result.
  const { durationMs } = await probe(config, videoPath);
  // The poster: a frame a second in (past a fade-in or a blink), or the first of a shorter video.
  const at = durationMs > 2000 ? '1' : '0';
  await run(
    config.ffmpegPath,
    ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-ss', at, '-i', videoPath, '-frames:v', '1', '-q:v', '4', '-f', 'mjpeg', posterPath],
    { timeout: 60_000 },
  );
  return { durationMs };
}

function isDecodeFailure(err: unknown): boolean {
  const stderr = String((err as { stderr?: unknown }).stderr ?? '');
  return /Invalid data found|could not find codec|moov atom not found|Error while decoding|Invalid argument|does not contain any stream|Output file #0 does not contain/i.test(stderr);
}
