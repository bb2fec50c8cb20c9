import { describe, expect, it } from 'vitest';
import { DomainError } from '../domain-error.ts';
import { createHashingQueue, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and a fresh salt each time', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
  });

  it('hashes at a lower cost only when asked, writing that cost into the hash, which verifies at it', async () => {
    const cheap = await hashPassword('correct horse battery', { memory: 64, passes: 1, parallelism: 1 });
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=64,t=1,p=1\$/);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('correct horse batterY', cheap)).toBe(false);
  });

  it('verifies the right password only', async () => {
    const hash = await hashPassword('صباح الخير 123');
    expect(await verifyPassword('صباح الخير 123', hash)).toBe(true);
    expect(await verifyPassword('صباح الخير 124', hash)).toBe(false);
    expect(await verifyPassword('anything', 'not-a-hash')).toBe(false);
  });

  it('never accepts a password for an unknown account', async () => {
    expect(await verifyAgainstDummy('whatever')).toBe(false);
  });
});

describe('createHashingQueue', () => {
  /** A task that finishes (or fails) when the test says so, and says when it started. */
  function task(log: string[], name: string) {
    let finish!: () => void;
    let fail!: (err: Error) => void;
    const done = new Promise<string>((resolve, reject) => {
      finish = () => resolve(name);
      fail = reject;
    });
    return { run: () => (log.push(name), done), finish, fail };
  }

  it('runs a limited number of tasks at once, the next ones in their order as places free up', async () => {
    const queue = createHashingQueue({ atOnce: 2, waiting: 5, retryAfterSeconds: 2 });
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => task(started, name));
    const results = [a, b, c, d].map((t) => queue.run(t!.run));
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    b!.fail(new Error('b failed'));
    await expect(results[1]).rejects.toThrow('b failed');
    // A failed task frees its place too.
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    await expect(results[0]).resolves.toBe('a');
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    c!.finish();
    d!.finish();
    expect(await Promise.all([results[2], results[3]])).toEqual(['c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('refuses a task at once with 503 and Retry-After when every place, running and waiting, is taken', async () => {
    const queue = createHashingQueue({ atOnce: 1, waiting: 1, retryAfterSeconds: 3 });
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => task(started, name));
    const first = queue.run(a!.run);
    const second = queue.run(b!.run);
    const refused = await queue.run(c!.run).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'auth.busy', retryAfterSeconds: 3 });
    expect(started).toEqual(['a']);
    a!.finish();
    b!.finish();
    expect(await Promise.all([first, second])).toEqual(['a', 'b']);
    expect(started).toEqual(['a', 'b']);
  });
});
