// Rate limits against a real PostgreSQL: batched rules count in memory and write together, the others write every
// hit before answering, and two processes on one database count together.
import express, { type ErrorRequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createDatabase, type Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { HttpError } from './errors.ts';
import { flushRateLimitCounts, hit, rateLimit, type RateLimitRule } from './rate-limit.ts';

const MINUTE = 60_000;
let now = new Date('2026-03-01T00:00:00Z');
const clock: Clock = { now: () => now };
beforeEach(() => {
  now = new Date((Math.floor(now.getTime() / MINUTE) + 1) * MINUTE + 5_000); // 5 s into a fresh window
});

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());

/** A rule of its own for each test, counting by the X-Subject header. */
let ruleCounter = 0;
const newRule = (max: number, batched: boolean): RateLimitRule => ({
  name: `test-${++ruleCounter}`,
  windowMs: MINUTE,
  max,
  key: (req) => req.get('X-Subject'),
  batched,
});

const storedCount = async (rule: RateLimitRule, subject: string) => {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, `${rule.name}:${subject}`));
  return row?.count;
};

function limitedApp(rule: RateLimitRule) {
  const app = express();
  app.get('/', rateLimit(db, clock, rule), (_req, res) => void res.sendStatus(204));
  const answerError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    res.status(err instanceof HttpError ? err.status : 500).json({ message: err.message });
  };
  app.use(answerError);
  return app;
}

describe('a batched rule', () => {
  it('allows max hits in a window, answers the next with 429 and Retry-After, and allows again in a new window', async () => {
    const app = limitedApp(newRule(5, true));
    const send = (subject: string) => request(app).get('/').set('X-Subject', subject);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await send('a')).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204]);
    const over = await send('a');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe('55');
    expect(over.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await send('b')).status).toBe(204);
    now = new Date(now.getTime() + MINUTE);
    expect((await send('a')).status).toBe(204);
  });

  it('answers hits after the first without waiting for the database', async () => {
    const rule = newRule(10, true);
    expect(await hit(db, clock, rule, 's')).toBe(0);
    expect(await storedCount(rule, 's')).toBe(1);
    // While the row is locked, a hit that wrote before answering would wait for the lock.
    const holder = await testDb.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from rate_limits where key = $1 for update', [`${rule.name}:s`]);
      const waits = await Promise.all(Array.from({ length: 4 }, () => hit(db, clock, rule, 's')));
      expect(waits).toEqual([0, 0, 0, 0]);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    await flushRateLimitCounts(db);
    expect(await storedCount(rule, 's')).toBe(5);
  });

  it('does not wait for the database when a key it counted begins a new window', async () => {
    const rule = newRule(10, true);
    expect(await hit(db, clock, rule, 's')).toBe(0);
    now = new Date(now.getTime() + MINUTE);
    const holder = await testDb.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from rate_limits where key = $1 for update', [`${rule.name}:s`]);
      expect(await Promise.all([hit(db, clock, rule, 's'), hit(db, clock, rule, 's')])).toEqual([0, 0]);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    await flushRateLimitCounts(db);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, `${rule.name}:s`));
    expect(row).toMatchObject({ count: 2, windowStart: new Date(Math.floor(now.getTime() / MINUTE) * MINUTE) });
  });

  it('writes every hit, refused ones included, to rate_limits when flushed', async () => {
    const rule = newRule(5, true);
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push(await hit(db, clock, rule, 's'));
    expect(waits.map((w) => w > 0)).toEqual([false, false, false, false, false, true, true, true]);
    await flushRateLimitCounts(db);
    expect(await storedCount(rule, 's')).toBe(8);
  });

  it('counts the hits of two processes on one database together', async () => {
    const other = createDatabase(testDb.url, { max: 2 }); // a second process of the product
    try {
      const rule = newRule(5, true);
      const hitHere = () => hit(db, clock, rule, 's');
      const hitThere = () => hit(other.db, clock, rule, 's');
      expect([await hitHere(), await hitHere(), await hitHere()]).toEqual([0, 0, 0]);
      await flushRateLimitCounts(db);
      // The other process's first hit reads the 3 written here: its 4th and 5th are allowed, the 6th is not.
      expect(await hitThere()).toBe(0);
      expect(await hitThere()).toBe(0);
      expect(await hitThere()).toBeGreaterThan(0);
      // Until its next write, this process knows only its own hits and the count of its last write (3).
      expect(await hitHere()).toBe(0);
      await flushRateLimitCounts(other.db);
      await flushRateLimitCounts(db);
      expect(await storedCount(rule, 's')).toBe(3 + 3 + 1);
      // Its write answered the shared count of 7.
      expect(await hitHere()).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('never takes a row back to a passed window when that window is written late', async () => {
    const other = createDatabase(testDb.url, { max: 2 });
    try {
      const rule = newRule(5, true);
      expect([await hit(db, clock, rule, 's'), await hit(db, clock, rule, 's')]).toEqual([0, 0]);
      // The next window begins and another process writes its first hit before this one writes its pending hit.
      now = new Date(now.getTime() + MINUTE);
      expect(await hit(other.db, clock, rule, 's')).toBe(0);
      await flushRateLimitCounts(db);
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, `${rule.name}:s`));
      expect(row).toMatchObject({ count: 1, windowStart: new Date(Math.floor(now.getTime() / MINUTE) * MINUTE) });
    } finally {
      await other.close();
    }
  });

  it('drops the pending hits quietly when their write fails, and still counts them in its own decisions', async () => {
    const closing = createDatabase(testDb.url, { max: 1 });
    const rule = newRule(2, true);
    expect(await hit(closing.db, clock, rule, 's')).toBe(0);
    expect(await hit(closing.db, clock, rule, 's')).toBe(0);
    await closing.close();
    await expect(flushRateLimitCounts(closing.db)).resolves.toBeUndefined();
    expect(await hit(closing.db, clock, rule, 's')).toBe(55);
    await expect(flushRateLimitCounts(closing.db)).resolves.toBeUndefined();
    expect(await storedCount(rule, 's')).toBe(1);
  });
});

describe('a rule that is not batched', () => {
  it('writes each hit before answering', async () => {
    const rule = newRule(2, false);
    const counts: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      await hit(db, clock, rule, 's');
      counts.push(await storedCount(rule, 's'));
    }
    expect(counts).toEqual([1, 2, 3]);
  });
});
