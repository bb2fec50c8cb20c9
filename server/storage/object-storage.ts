// Where uploaded files live. The browser uploads straight to a signed URL; the app checks the file afterwards.
import type { Readable } from 'node:stream';

/** The shape of every key the app makes: `<kind>/<uuid>`. Drivers refuse anything else. */
export const OBJECT_KEY = /^[a-z]+\/[0-9a-f-]{36}$/;

export interface ObjectStat {
  size: number;
}

export interface ObjectStorage {
  /** A short-lived URL the browser PUTs one file to, for exactly this key and at most maxBytes. */
  createUploadUrl(input: { key: string; maxBytes: number; contentType?: string; expiresAt: Date }): Promise<string>;
  /** The key an upload URL made by createUploadUrl writes to; undefined when it is not one of ours. */
  keyFromUploadUrl(url: string): string | undefined;
  stat(key: string): Promise<ObjectStat | undefined>;
  /** The first bytes of an object (for checking what it really is). */
  readStart(key: string, bytes: number): Promise<Buffer>;
  createReadStream(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Moves an object to another key (finishing an upload: the file leaves the key its upload link writes). Buckets
   *  copy, then delete. Nothing at `from` is no error: a move interrupted after the copy can be run again. */
  move(from: string, to: string): Promise<void>;
  /** Stores a file the app itself received (videos for the local video host), streamed. */
  putFile(key: string, body: Readable, options: { size: number; contentType?: string }): Promise<void>;
  /** Only for drivers whose upload URLs point at the app itself (local): receives the browser's PUT, while `isOpen`
   *  says the upload of that key still takes its file (so a link dies when its upload is finished). */
  receiveUpload?(token: string, body: Readable, options: { declaredLength?: number; isOpen(key: string): Promise<boolean> }): Promise<void>;
  /** Where the driver writes files it is still receiving (local); swept for what stopped processes left. */
  readonly temporaryDir?: string;
  /** The origin upload URLs point at when it is not the app's own (the browser's PUT needs it in CSP connect-src). */
  readonly uploadOrigin?: string;
}
