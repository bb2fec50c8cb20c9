// Fixed-window rate limits kept in PostgreSQL, so every process of the product counts together.
import type { Request, RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  /** Names the limit in keys and logs. */
  name: string;
  windowMs: number;
  max: number;
  /** What is counted: the client address by default; return undefined to skip (e.g. no e-mail given). */
  key?: (req: Request) => string | undefined;
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export async function hit(db: Db, clock: Clock, rule: RateLimitRule, subject: string): Promise<number> {
  const now = clock.now().getTime();
  const windowStart = new Date(Math.floor(now / rule.windowMs) * rule.windowMs);
  const key = `${rule.name}:${subject}`;
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(result.rows[0]?.count ?? 0);
  if (count <= rule.max) return 0;
  return Math.max(1, Math.ceil((windowStart.getTime() + rule.windowMs - now) / 1000));
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
          return next(new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.'));
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
