// Many people signing up at the same moment (an advertisement, a recruiter's message to a group): the real server
// answers every one of them, or asks some to retry because too many passwords wait to be hashed; it never fails with a
// server error, and never runs short of database connections (their handshake shares libuv's threads with the hashing).
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '#shared/errors.ts';
import { THREAD_POOL_SIZE } from '../server/capacity.ts';
import { makeDataDir, startProduct, type RunningProduct } from './support/product.ts';

const SIGN_UPS = 200;
let dataDir: string;
let product: RunningProduct;

beforeAll(async () => {
  dataDir = await makeDataDir('wazifa-burst-');
  // Each sign-up comes from its own address (X-Forwarded-For), so the limit per address does not hide the result.
  product = await startProduct(dataDir, { TRUST_PROXY: 'true' });
});
afterAll(async () => {
  if (product && product.child.exitCode === null) {
    product.child.kill('SIGTERM');
    await once(product.child, 'exit');
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('a burst of sign-ups', () => {
  it(`answers ${SIGN_UPS} sign-ups at once with 201, or 503 with Retry-After when hashing is busy, never another error`, async () => {
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: SIGN_UPS }, async (_, n) => {
        const res = await fetch(`${product.base}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.20.${n >> 8}.${n & 255}` },
          body: JSON.stringify({ email: `burst.${n}@example.com`, password: 'burst password 1' }),
        });
        return { n, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text(), ms: performance.now() - started };
      }),
    );
    const failed = answers.filter((a) => a.status >= 500 && !(a.status === 503 && Number(a.retryAfter) > 0));
    expect(failed).toEqual([]);
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    const created = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 503);
    // Refused only because the hashing queue was full: not for a database connection that could not be made in time.
    for (const answer of refused) expect(JSON.parse(answer.body)).toEqual({ code: 'auth.busy', message: ERROR_MESSAGES['auth.busy'] });
    expect(created).toBeGreaterThan(0);
    const slowest = Math.max(...answers.map((a) => a.ms));
    // libuv made the pool of the size set for it, which it reads once, at its first use (Linux names its threads).
    const threads = readdirSync(`/proc/${product.child.pid}/task`).map((id) => readFileSync(`/proc/${product.child.pid}/task/${id}/comm`, 'utf8').trim());
    expect(threads.filter((name) => name === 'libuv-worker')).toHaveLength(THREAD_POOL_SIZE);
    console.log(`${created} created, ${refused.length} asked to retry; the last answer after ${Math.round(slowest)} ms`);
  });
});
