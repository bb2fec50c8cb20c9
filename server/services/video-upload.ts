// A video sent to POST /api/video/upload: the multipart body (a plain Node request, so the service knows no HTTP framework) is streamed to a temporary file, stopped at 100 MB,
// checked by its container bytes, handed to the video host, and the temporary file is always removed,
// also when the client goes away mid-upload (and by the upload clean-up when the process was killed).
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import type { VIDEO_CONTENT_TYPES } from '#shared/constants.ts';
import { LIMITS } from '#shared/constants.ts';
import { videoUploadFieldsSchema } from '#shared/uploads.ts';
import { claimTemporaryPath, dropTemporaryPath } from '../storage/temporary-files.ts';
import type { VideoHost } from '../video/video-host.ts';
import { DomainError } from '../domain-error.ts';

type VideoType = (typeof VIDEO_CONTENT_TYPES)[number];

/** MP4 and MOV carry 'ftyp' at byte 4; AVI is a RIFF file of form 'AVI '; WebM starts with an EBML header. */
export function detectVideoType(head: Buffer): VideoType | undefined {
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') {
    return head.subarray(8, 10).toString('latin1') === 'qt' ? 'video/quicktime' : 'video/mp4';
  }
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'AVI ') return 'video/x-msvideo';
  // Matroska's EBML header: WebM from a browser's recorder.
  if (head.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm';
  return undefined;
}


interface Received {
  filePath: string;
  size: number;
  fields: Record<string, string>;
}

function receive(req: IncomingMessage, tempDir: string): Promise<Received> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: LIMITS.videoMaxBytes, fields: 5, fieldSize: 2000 } });
    } catch {
      reject(new DomainError('video.not_multipart'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<{ filePath: string; size: number; truncated: boolean }> | undefined;
    let fileStream: NodeJS.ReadableStream & { destroy(error?: Error): void } | undefined;

    // A client that goes away mid-upload: stop parsing and drop the partial file.
    req.on('close', () => {
      if (req.complete) return;
      const aborted = new Error('client aborted the upload');
      fileStream?.destroy(aborted);
      parser.destroy(aborted);
      reject(new DomainError('video.interrupted'));
    });

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (name, stream) => {
      if (name !== 'video' || file) {
        stream.resume();
        return;
      }
      fileStream = stream;
      // Named after this process, so a sweep can tell it from what a killed process left.
      const filePath = claimTemporaryPath(tempDir);
      let size = 0;
      stream.on('data', (chunk: Buffer) => (size += chunk.length));
      file = pipeline(stream, createWriteStream(filePath, { mode: 0o600 })).then(
        () => ({ filePath, size, truncated: stream.truncated === true }),
        async (err: unknown) => {
          await dropTemporaryPath(filePath);
          throw err;
        },
      );
      // Past 100 MB busboy stops writing; the rest of the body is drained without being kept.
      file.catch(() => {});
    });
    parser.on('error', () => reject(new DomainError('video.interrupted')));
    parser.on('close', async () => {
      if (!file) return reject(new DomainError('video.missing'));
      try {
        const result = await file;
        if (result.truncated) {
          await dropTemporaryPath(result.filePath);
          return reject(new DomainError('video.too_large'));
        }
        resolve({ filePath: result.filePath, size: result.size, fields });
      } catch {
        reject(new DomainError('video.interrupted'));
      }
    });
    req.pipe(parser);
  });
}

export async function uploadVideo(
  req: IncomingMessage,
  options: { tempDir: string; videoHost: VideoHost; ownerId: string },
): Promise<{ videoUrl: string }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  // The form adds a little around the file; anything far beyond the limit is refused before reading it.
  if (declared > LIMITS.videoMaxBytes + 64 * 1024) throw new DomainError('video.too_large');
  await fs.mkdir(options.tempDir, { recursive: true });
  const received = await receive(req, options.tempDir);
  try {
    // The text fields come with the file in one body, so they are checked here rather than by validate().
    const fields = videoUploadFieldsSchema.parse(received.fields);
    const handle = await fs.open(received.filePath, 'r');
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    await handle.close();
    const contentType = detectVideoType(head);
    if (!contentType) throw new DomainError('video.wrong_type');
    return await options.videoHost.upload({
      filePath: received.filePath,
      size: received.size,
      contentType,
      title: fields.title || 'Profile Video',
      description: fields.description ?? '',
      ownerId: options.ownerId,
    });
  } finally {
    await dropTemporaryPath(received.filePath);
  }
}
