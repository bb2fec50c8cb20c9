// Password hashing per the OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane,
// with Node's own implementation, stored as a PHC string so parameters can be raised later.
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const argon2Async = promisify(argon2);

export const PASSWORD_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

async function derive(password: string, salt: Buffer, params: { memory: number; passes: number; parallelism: number; tagLength: number }) {
  return argon2Async('argon2id', { message: password, nonce: salt, ...params });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, PASSWORD_PARAMS);
  const { memory, passes, parallelism } = PASSWORD_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = PHC.exec(stored);
  if (!match) return false;
  const [, m, t, p, salt, expected] = match;
  const expectedHash = Buffer.from(expected!, 'base64url');
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expectedHash.length,
  });
  return timingSafeEqual(actual, expectedHash);
}

// Hashed once, lazily: checked against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false);
}
