// The introduction video on its way to the server, for the whole page rather than one form: it starts the moment the
// video is accepted, goes on while the person fills in the rest and after the profile is saved, and on the next
// visit goes on from where the server stopped (the video is kept in the browser until then, lib/kept-video.ts).
// Resumable (tus) in pieces of 1 MiB: the bar shows what the server has confirmed (its Upload-Offset), so it never
// moves back when a connection drops. While the connection is gone it waits, and goes on when it is back.
// docs/video.md, docs/decisions/0035-the-recording-is-kept-in-the-browser.md.
import { useSyncExternalStore } from 'react';
import { Upload, type DetailedError, type HttpResponse } from 'tus-js-client';
import { apiErrorFrom } from '@/lib/api-client';
import { forgetVideo, keepVideo, keptVideo, rememberUploadUrl } from '@/lib/kept-video';

/** Small enough that the confirmed part moves every few seconds on a slow upload; each costs one round trip. */
export const VIDEO_PIECE_BYTES = 1024 * 1024;
const ENDPOINT = '/api/video/tus';
/** Without a connection, tried again this often (and at once when the browser says it is back online). */
const OFFLINE_RETRY_MS = 10_000;

export type VideoSending =
  /** Nothing on its way; `lookedForKept` once this browser was found to keep no video of the account. */
  | { phase: 'idle'; lookedForKept?: boolean }
  | {
      phase: 'sending' | 'offline' | 'paused';
      name: string;
      size: number;
      /** Bytes the server has confirmed; never less than before. */
      confirmed: number;
      /** Seconds left at the recent pace, once there is one. */
      secondsLeft?: number;
      uploadId?: string;
    }
  | { phase: 'arrived'; name: string; size: number; videoUrl: string; uploadId?: string }
  | { phase: 'failed'; name: string; size: number; error: unknown };

let state: VideoSending = { phase: 'idle' };
const listeners = new Set<() => void>();
const arrivalListeners = new Set<(videoUrl: string) => void>();

function set(next: VideoSending) {
  state = next;
  for (const listener of listeners) listener();
}

/** What is on its way now, for React (useSyncExternalStore). */
export function useVideoSending(): VideoSending {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}

/** Called when a video has arrived whole (to refresh what the page shows about the profile). */
export function onVideoArrived(listener: (videoUrl: string) => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

interface Current {
  upload: Upload;
  userId: string;
  file: File;
  /**
   * The writes of the copy in the browser, one after another: the copy, the upload's address noted beside it, its
   * removal. Side by side, a video that arrived before its copy was written was removed between the reading and the
   * writing of the address, and the copy came back, to be sent again on the next visit.
   */
  kept: Promise<unknown>;
  uploadId?: string;
  waitingForId: ((id: string) => void)[];
  retryTimer?: number;
  /** Pace of sending: bytes per second, smoothed, from the browser's sent bytes (the bar stays the confirmed ones). */
  pace?: { at: number; sent: number; bytesPerSecond?: number };
  lastShown: number;
}

let current: Current | null = null;

const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

function sendingState(c: Current, phase: 'sending' | 'offline' | 'paused', confirmed: number): VideoSending {
  const previous = state.phase === 'sending' || state.phase === 'offline' || state.phase === 'paused' ? state : undefined;
  const rate = c.pace?.bytesPerSecond;
  const remaining = c.file.size - Math.max(confirmed, c.pace?.sent ?? 0);
  return {
    phase,
    name: c.file.name,
    size: c.file.size,
    confirmed: Math.max(confirmed, previous?.confirmed ?? 0),
    secondsLeft: phase === 'sending' && rate ? Math.max(1, Math.ceil(remaining / rate)) : undefined,
    uploadId: c.uploadId,
  };
}

const confirmedNow = () => (state.phase === 'sending' || state.phase === 'offline' || state.phase === 'paused' ? state.confirmed : 0);

/** A failure without an answer from the server: the connection, not the video. */
const isConnectionFailure = (error: Error | DetailedError) => !('originalResponse' in error) || !error.originalResponse;

function retryWhenOnline(c: Current) {
  window.clearTimeout(c.retryTimer);
  const retry = () => {
    window.removeEventListener('online', retry);
    window.clearTimeout(c.retryTimer);
    if (current === c && state.phase === 'offline') c.upload.start();
  };
  window.addEventListener('online', retry);
  c.retryTimer = window.setTimeout(retry, OFFLINE_RETRY_MS);
}

function begin(file: File, userId: string, title: string, kept: Promise<unknown>, uploadUrl?: string) {
  // The callbacks below run once the upload has started, by when `c` holds it.
  const upload = new Upload(file, {
    endpoint: ENDPOINT,
    uploadUrl: uploadUrl ?? null,
    chunkSize: VIDEO_PIECE_BYTES,
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { filename: file.name, filetype: file.type, title: title.trim() || 'Profile Video', description: 'Introduction video for a job-seeker profile' },
    // A file chosen again after a reload, where the browser could not keep it, goes on from where it stopped too.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onUploadUrlAvailable: () => {
      if (current !== c || !c.upload.url) return;
      c.uploadId = idOf(c.upload.url);
      const url = c.upload.url;
      c.kept = c.kept.then(() => rememberUploadUrl(userId, url));
      for (const resolve of c.waitingForId.splice(0)) resolve(c.uploadId);
      set(sendingState(c, state.phase === 'paused' ? 'paused' : 'sending', confirmedNow()));
    },
    onAfterResponse: (_req, res: HttpResponse) => {
      if (current !== c) return;
      const offset = Number(res.getHeader('Upload-Offset'));
      const phase = state.phase === 'paused' ? 'paused' : 'sending';
      set(sendingState(c, phase, Number.isFinite(offset) ? offset : confirmedNow()));
    },
    onProgress: (sent) => {
      if (current !== c) return;
      const now = performance.now();
      const pace = c.pace;
      if (!pace || sent < pace.sent) c.pace = { at: now, sent, bytesPerSecond: pace?.bytesPerSecond };
      else if (now - pace.at >= 1000) {
        const measured = ((sent - pace.sent) * 1000) / (now - pace.at);
        c.pace = { at: now, sent, bytesPerSecond: pace.bytesPerSecond ? pace.bytesPerSecond * 0.7 + measured * 0.3 : measured };
      }
      // The page is told at most once a second: a phone's main thread has better things to do.
      if (now - c.lastShown >= 1000 && state.phase === 'sending') {
        c.lastShown = now;
        set(sendingState(c, 'sending', confirmedNow()));
      }
    },
    onShouldRetry: (error) => {
      if (current !== c) return false;
      if (isConnectionFailure(error)) {
        set(sendingState(c, 'offline', confirmedNow()));
        return navigator.onLine !== false;
      }
      const status = error.originalResponse!.getStatus();
      // The app's refusals (4xx) are final, except a busy upload (409, 423) and too many attempts (429).
      return status >= 500 || status === 409 || status === 423 || status === 429;
    },
    onError: (error) => {
      if (current !== c) return;
      if (isConnectionFailure(error) || (error as DetailedError).originalResponse!.getStatus() >= 500) {
        set(sendingState(c, 'offline', confirmedNow()));
        retryWhenOnline(c);
        return;
      }
      const res = (error as DetailedError).originalResponse!;
      // Refused by the app (its type, its size): this video will not do, and is not kept any longer.
      current = null;
      void c.kept.then(() => forgetVideo(userId));
      set({ phase: 'failed', name: file.name, size: file.size, error: apiErrorFrom(res.getStatus(), res.getBody() || `${res.getStatus()}`) });
    },
    onSuccess: ({ lastResponse }) => {
      if (current !== c) return;
      const videoUrl = lastResponse.getHeader('Video-Url');
      current = null;
      window.clearTimeout(c.retryTimer);
      void c.kept.then(() => forgetVideo(userId));
      if (!videoUrl) {
        set({ phase: 'failed', name: file.name, size: file.size, error: apiErrorFrom(lastResponse.getStatus(), lastResponse.getBody() || 'Upload failed') });
        return;
      }
      set({ phase: 'arrived', name: file.name, size: file.size, videoUrl, uploadId: c.uploadId });
      for (const listener of arrivalListeners) listener(videoUrl);
    },
  });
  const c: Current = { userId, file, kept, waitingForId: [], lastShown: 0, upload };
  current = c;
  set({ phase: 'sending', name: file.name, size: file.size, confirmed: 0 });
  if (uploadUrl) {
    c.uploadId = idOf(uploadUrl);
    c.upload.start();
    return;
  }
  void c.upload.findPreviousUploads().then((previous) => {
    if (current !== c) return;
    if (previous[0]) c.upload.resumeFromPreviousUpload(previous[0]);
    c.upload.start();
  });
}

/**
 * Starts sending a video the person accepted (recorded or chosen): kept in the browser first where it can be, so it
 * survives the page. A video already on its way is replaced, and its upload given up on the server.
 */
export function sendVideo(file: File, options: { userId: string; title: string }): void {
  stop(true);
  const kept = keepVideo({ userId: options.userId, blob: file, name: file.name, type: file.type, lastModified: file.lastModified });
  begin(file, options.userId, options.title, kept);
}

/** Goes on with the video kept from an earlier visit, if there is one and nothing is on its way yet. */
export async function resumeKeptVideo(userId: string, title: string): Promise<void> {
  if (current || state.phase !== 'idle') return;
  const video = await keptVideo(userId);
  if (current || state.phase !== 'idle') return;
  if (!video) {
    set({ phase: 'idle', lookedForKept: true });
    return;
  }
  const file = new File([video.blob], video.name, { type: video.type, lastModified: video.lastModified });
  begin(file, userId, title, Promise.resolve(), video.uploadUrl);
}

/**
 * Shows as arrived a video that arrived on an earlier visit (the form's draft kept it, the server still has it),
 * unless a video is on its way or a recording kept in the browser is to be sent on: that one came later.
 */
export async function offerArrivedVideo(userId: string, video: { name: string; size: number; videoUrl: string }): Promise<void> {
  if (current || state.phase !== 'idle') return;
  if (await keptVideo(userId)) return;
  if (current || state.phase !== 'idle') return;
  set({ phase: 'arrived', ...video });
}

/** The id of the resumable upload bringing the video (the profile names it), once the server has made it. */
export function videoUploadId(): Promise<string> {
  if (state.phase === 'arrived' && state.uploadId) return Promise.resolve(state.uploadId);
  if (!current) return Promise.reject(new Error('No video is on its way'));
  if (current.uploadId) return Promise.resolve(current.uploadId);
  const c = current;
  return new Promise((resolve) => c.waitingForId.push(resolve));
}

export function pauseSending() {
  if (!current || state.phase === 'paused') return;
  void current.upload.abort();
  window.clearTimeout(current.retryTimer);
  set(sendingState(current, 'paused', confirmedNow()));
}

export function resumeSending() {
  if (!current || state.phase !== 'paused') return;
  set(sendingState(current, 'sending', confirmedNow()));
  current.upload.start();
}

/** Stops what is on its way; `giveUp` also removes the upload on the server and the copy in the browser. */
function stop(giveUp: boolean) {
  const c = current;
  current = null;
  if (!c) return;
  window.clearTimeout(c.retryTimer);
  void c.upload.abort(giveUp).catch(() => {});
  if (giveUp) void c.kept.then(() => forgetVideo(c.userId));
}

/** The person does not want this video after all. */
export function cancelSending() {
  stop(true);
  set({ phase: 'idle' });
}

/** Back to nothing on its way, after a refusal was shown (nothing is kept in the browser any longer). */
export function clearSending() {
  if (current) return;
  set({ phase: 'idle', lookedForKept: true });
}
