// Rate limits against a real PostgreSQL: every hit is written before the answer, and two processes on one database
// count together, exactly.
import express, { type ErrorRequestHandler } from 'express';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createDatabase, type Db } from '../db/client.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { DomainError } from '../domain-error.ts';
import { ERROR_STATUS } from './error-status.ts';
import { hit, rateLimit, type RateLimitRule } from './rate-limit.ts';

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
const newRule = (max: number): RateLimitRule => ({
  name: `test-${++ruleCounter}`,
  windowMs: MINUTE,
  max,
  key: (req) => req.get('X-Subject'),
});

const storedCount = async (rule: RateLimitRule, subject: string) => {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, `${rule.name}:${subject}`));
  return row?.count;
};

function limitedApp(rule: RateLimitRule) {
  const app = express();
  app.get('/', rateLimit(db, clock, rule), (_req, res) => void res.sendStatus(204));
  const answerError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    res.status(err instanceof DomainError ? ERROR_STATUS[err.code] : 500).json({ message: err.message });
  };
  app.use(answerError);
  return app;
}

describe('a rate limit', () => {
  it('allows max hits in a window, answers the next with 429 and Retry-After, and allows again in a new window', async () => {
    const app = limitedApp(newRule(5));
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

  it('writes each hit before answering', async () => {
    const rule = newRule(2);
    const counts: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      await hit(db, clock, rule, 's');
      counts.push(await storedCount(rule, 's'));
    }
    expect(counts).toEqual([1, 2, 3]);
  });

  it('counts the hits of two processes on one database together, exactly, also when they arrive at once', async () => {
    const other = createDatabase(testDb.url, { max: 4 }); // a second process of the product
    try {
      const rule = newRule(10);
      const waits = await Promise.all(Array.from({ length: 16 }, (_, i) => hit(i % 2 ? other.db : db, clock, rule, 's')));
      expect(waits.filter((wait) => wait === 0)).toHaveLength(10);
      expect(await storedCount(rule, 's')).toBe(16);
    } finally {
      await other.close();
    }
  });
});
