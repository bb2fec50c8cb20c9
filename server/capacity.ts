// How much work one process takes on at once, and why (docs/decisions/0021-password-hashing-and-thread-pool.md).
import { availableParallelism } from 'node:os';

/**
 * Password hashes computed at once: argon2id is one thread's work (19 MiB, a few dozen ms) per sign-up, sign-in or
 * reset, so more than the cores finish none sooner; past four, the memory grows for nothing a hiring site needs.
 */
export const PASSWORD_HASHES_AT_ONCE = Math.min(4, availableParallelism());
/**
 * Hashes waiting for their turn: a waiting request holds no database connection and little memory, only time, and
 * 100 hashes per place are 2.5 to 5 s of work (25 to 50 ms each). Past it the request answers 503 with Retry-After.
 */
export const PASSWORD_HASHES_WAITING = 100 * PASSWORD_HASHES_AT_ONCE;
export const PASSWORD_HASHING_RETRY_AFTER_SECONDS = 2;

/**
 * libuv's threads (UV_THREADPOOL_SIZE): the hashes, plus libuv's default four for everything else that runs there
 * (file reads, compression, DNS lookups, and the SCRAM key derivation of each new database connection), which no
 * burst of hashes can then hold up.
 */
export const THREAD_POOL_SIZE = PASSWORD_HASHES_AT_ONCE + 4;

/** Connections each pool keeps open when idle, opened at start: the first requests after a quiet spell wait for none. */
export const DATABASE_POOL_MIN = 2;
