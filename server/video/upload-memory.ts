// Keeps a video upload from growing the process by ~50 MiB (docs/video.md, "Memory"). Each piece read from the
// connection, and each piece read back from disk when the finished file goes to the video host, is a new buffer,
// garbage at once, but V8 frees them only when its young generation fills or memory outside its heap has grown by
// about 64 MB. So while a request that sends a video is open, that memory is looked at every 5 ms, and each time it
// has grown by 2 MiB a minor (young generation) collection frees the buffers. With no upload open there is no timer
// and no collection: other requests are not touched. A small young generation for the whole process
// (--max-semi-space-size=1) does the same but halves search throughput (docs/decisions/0032).
// The collector is V8's gc(), which node offers only when started with --expose-gc: `npm start`, the Dockerfile, the
// scale test and the benches start it so. Without the flag nothing is collected early and the server says so once
// at start (server/index.ts).
import type { ServerResponse } from 'node:http';
import v8 from 'node:v8';
import type { RequestHandler } from 'express';

const CHECK_EVERY_MS = 5;
const COLLECT_AFTER_BYTES = 2 * 1024 * 1024;

const gc: NodeJS.GCFunction | undefined = globalThis.gc;

/** Whether uploads' garbage is collected as it comes (node was started with --expose-gc). */
export const uploadGarbageCollection = gc !== undefined;

/** Array buffers (every Buffer's bytes) and external strings. */
const externalMemory = () => v8.getHeapStatistics().external_memory;

let openUploads = 0;
let timer: NodeJS.Timeout | undefined;
/** The lowest external memory seen since the last collection (what a collection frees goes a moment later). */
let floor = 0;

function check(collect: NodeJS.GCFunction) {
  const external = externalMemory();
  if (external - floor < COLLECT_AFTER_BYTES) {
    floor = Math.min(floor, external);
    return;
  }
  collect({ type: 'minor' });
  floor = external;
}

function uploadClosed() {
  if (--openUploads > 0) return;
  clearInterval(timer);
  timer = undefined;
}

/** Whether the timer runs: only while a video upload is open. */
export const collectingUploadGarbage = () => timer !== undefined;

/** For the routes that receive a video: collects its garbage as it comes, until the response is closed. */
export const collectUploadGarbage: RequestHandler = (_req, res: ServerResponse, next) => {
  // A client gone already: its 'close' has passed and would never end the timer.
  if (!gc || res.closed) return next();
  if (openUploads++ === 0) {
    floor = externalMemory();
    timer = setInterval(check, CHECK_EVERY_MS, gc).unref();
  }
  res.once('close', uploadClosed);
  next();
};
