// The embedded default: files under DATA_DIR/objects, upload URLs signed by the app (HMAC, expiry, size limit).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { Clock } from '../clock.ts';
import { OBJECT_KEY as KEY, type ObjectStorage } from './object-storage.ts';
import { claimTemporaryPath, dropTemporaryPath } from './temporary-files.ts';
import { DomainError } from '../domain-error.ts';

interface UploadGrant {
  k: string; // key
  m: number; // max bytes
  e: number; // expiry, ms
}

export function createLocalStorage(options: { root: string; secret: string; clock: Clock }) {
  // A key of its own, derived from the app secret: upload links and session cookies never share one.
  const signingKey = createHmac('sha256', options.secret).update('object-upload-urls').digest();
  const sign = (payload: string) => createHmac('sha256', signingKey).update(payload).digest('base64url');
  const temporaryDir = path.join(options.root, '.incoming');
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new DomainError('file.not_found');
    return path.join(options.root, key);
  };

  function readGrant(token: string): UploadGrant | undefined {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as UploadGrant;
    } catch {
      return undefined;
    }
  }

  const storage: ObjectStorage & Required<Pick<ObjectStorage, 'receiveUpload'>> = {
    temporaryDir,

    async createUploadUrl({ key, maxBytes, expiresAt }) {
      fileOf(key);
      const payload = Buffer.from(JSON.stringify({ k: key, m: maxBytes, e: expiresAt.getTime() } satisfies UploadGrant)).toString('base64url');
      // Relative: the browser uploads to the same origin it is on.
      return `/api/uploads/${payload}.${sign(payload)}`;
    },

    keyFromUploadUrl(url) {
      let pathname: string;
      try {
        pathname = new URL(url, 'http://upload.invalid').pathname;
      } catch {
        return undefined;
      }
      const match = /^\/api\/uploads\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(pathname);
      const grant = match ? readGrant(match[1]!) : undefined;
      return grant && KEY.test(grant.k) ? grant.k : undefined;
    },

    // Streamed to disk, never buffered whole.
    async receiveUpload(token, body, { declaredLength, isOpen }) {
      const grant = readGrant(token);
      if (!grant || !KEY.test(grant.k)) throw new DomainError('upload.link_invalid');
      if (options.clock.now().getTime() > grant.e) throw new DomainError('upload.link_expired');
      if (declaredLength !== undefined && declaredLength > grant.m) throw new DomainError('upload.too_large');
      if (!(await isOpen(grant.k))) throw new DomainError('upload.link_used');
      const target = fileOf(grant.k);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.mkdir(temporaryDir, { recursive: true });
      const temporary = claimTemporaryPath(temporaryDir);
      let received = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          received += chunk.length;
          if (received > grant.m) callback(new DomainError('upload.too_large'));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(temporary, { mode: 0o640 }));
        await fs.rename(temporary, target);
      } finally {
        await dropTemporaryPath(temporary);
      }
    },

    // The size is not needed here: the file is written as it streams.
    async putFile(key, body) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.mkdir(temporaryDir, { recursive: true });
      const temporary = claimTemporaryPath(temporaryDir);
      try {
        await pipeline(body, createWriteStream(temporary, { mode: 0o640 }));
        await fs.rename(temporary, target);
      } finally {
        await dropTemporaryPath(temporary);
      }
    },

    async stat(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return { size: stat.size };
      } catch {
        return undefined;
      }
    },

    async readStart(key, bytes) {
      const handle = await fs.open(fileOf(key), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async createReadStream(key, range) {
      return createReadStream(fileOf(key), range);
    },

    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async move(from, to) {
      const target = fileOf(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(fileOf(from), target);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
  };
  return storage;
}
