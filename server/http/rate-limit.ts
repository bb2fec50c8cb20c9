// Fixed-window rate limits kept in PostgreSQL, so every process of the product counts together: each hit is written
// before the answer, and the count the write answers decides, so a limit holds across any number of instances.
import type { Request, RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { rateLimits } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { DomainError } from '../domain-error.ts';

export interface RateLimitRule {
  /** Names the limit in keys and logs. */
  name: string;
  windowMs: number;
  max: number;
  /** What is counted: the client address by default; return undefined to skip (e.g. no e-mail given). */
  key?: (req: Request) => string | undefined;
}

/** The counting statement, prepared once per Db (it runs on most API requests). */
const hitStatements = new WeakMap<Db, ReturnType<typeof prepareHit>>();
const prepareHit = (db: Db) =>
  db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), windowStart: sql.placeholder('windowStart'), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ count: rateLimits.count })
    .prepare('rate_limit_hit');

/** Writes one hit; answers the key's count in the window, every process's hits included. */
async function writeHit(counters: Db, key: string, windowStart: number): Promise<number> {
  let statement = hitStatements.get(counters);
  if (!statement) hitStatements.set(counters, (statement = prepareHit(counters)));
  const [counted] = await statement.execute({ key, windowStart: new Date(windowStart) });
  return counted?.count ?? 0;
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export async function hit(db: Db, clock: Clock, rule: RateLimitRule, subject: string): Promise<number> {
  const now = clock.now().getTime();
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  const key = `${rule.name}:${subject}`;
  const count = await writeHit(db, key, windowStart);
  if (count <= rule.max) return 0;
  return Math.max(1, Math.ceil((windowEnd - now) / 1000));
}

export function rateLimit(db: Db, clock: Clock, ...rules: RateLimitRule[]): RequestHandler {
  return async (req, res, next) => {
    try {
      for (const rule of rules) {
        const subject = rule.key ? rule.key(req) : req.ip;
        if (!subject) continue;
        const wait = await hit(db, clock, rule, subject);
        if (wait > 0) {
          res.setHeader('Retry-After', String(wait));
          return next(new DomainError('common.rate_limited'));
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
