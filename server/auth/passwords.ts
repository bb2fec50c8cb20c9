// Password hashing per the OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 passes, 1 lane,
// with Node's own implementation, stored as a PHC string so parameters can be raised later.
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { PASSWORD_HASHES_AT_ONCE, PASSWORD_HASHES_WAITING, PASSWORD_HASHING_RETRY_AFTER_SECONDS } from '../capacity.ts';
import { DomainError } from '../domain-error.ts';

const argon2Async = promisify(argon2);

/**
 * Runs at most `atOnce` tasks together and lets at most `waiting` wait for their turn; a task beyond that fails at once
 * with 503 and Retry-After rather than joining a queue that would outlast the client's patience.
 */
export function createHashingQueue(limits: { atOnce: number; waiting: number; retryAfterSeconds: number }) {
  let running = 0;
  const queue: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < limits.atOnce) running++;
      else if (queue.length < limits.waiting) await new Promise<void>((resolve) => queue.push(resolve));
      else throw new DomainError('auth.busy', { retryAfterSeconds: limits.retryAfterSeconds });
      try {
        return await task();
      } finally {
        // The finished task hands its place to the next one in line.
        const next = queue.shift();
        if (next) next();
        else running--;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * Every argon2 computation of the process (sign-up, sign-in, reset) takes its turn here: they run on libuv's thread
 * pool, and a burst of them would otherwise queue ahead of everything else there (server/capacity.ts).
 */
export const passwordHashing = createHashingQueue({
  atOnce: PASSWORD_HASHES_AT_ONCE,
  waiting: PASSWORD_HASHES_WAITING,
  retryAfterSeconds: PASSWORD_HASHING_RETRY_AFTER_SECONDS,
});

export const PASSWORD_PARAMS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;

/** What one new hash costs: argon2id's memory (KiB), passes and lanes. The product always hashes at PASSWORD_PARAMS. */
export interface PasswordCost {
  memory: number;
  passes: number;
  parallelism: number;
}

async function derive(password: string, salt: Buffer, params: PasswordCost & { tagLength: number }) {
  return passwordHashing.run(() => argon2Async('argon2id', { message: password, nonce: salt, ...params }));
}

export async function hashPassword(password: string, cost: PasswordCost = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, { ...cost, tagLength: PASSWORD_PARAMS.tagLength });
  const { memory, passes, parallelism } = cost;
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
  if (!dummyHash) {
    dummyHash = hashPassword(randomBytes(16).toString('hex'));
    // A first attempt that failed (the queue was full) is not kept: the next caller makes it again.
    dummyHash.catch(() => (dummyHash = undefined));
  }
  return dummyHash.then((hash) => verifyPassword(password, hash)).then(() => false);
}
