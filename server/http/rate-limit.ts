// Fixed-window rate limits kept in PostgreSQL, so every process of the product counts together. The counters are
// written without waiting for the WAL flush (lossyWritesDb, docs/decisions/0010): a crash may forget the last few
// hits of a window, which lets a client a few more requests once, never fewer.
//
// Most rules write every hit before answering. Batched rules (the search and candidate pages, which run on nearly
// every request of a company) write only the first hit of a key in this process before answering; later hits, those
// of its later windows too, are counted in this process and written together at most every WRITE_INTERVAL_MS
// (docs/decisions/0013). A process's decision is
// exact for its own hits; the other processes' hits reach it with the answer to its next write, at most one write
// interval after it counts a hit, so across processes it lags by at most one write interval (and the write's own
// time). A failed batch write is dropped (the counters are lossy), but this process still counts those hits.
import type { Request, RequestHandler } from 'express';
import { sql } from 'drizzle-orm';
import { rateLimits } from '#shared/schema.ts';
import { lossyWritesDb, type Db } from '../db/client.ts';
import type { Clock } from '../clock.ts';
import { HttpError } from './errors.ts';

export interface RateLimitRule {
  /** Names the limit in keys and logs. */
  name: string;
  windowMs: number;
  max: number;
  /** What is counted: the client address by default; return undefined to skip (e.g. no e-mail given). */
  key?: (req: Request) => string | undefined;
  /** Count hits in memory and write them in batches (high-volume limits only; see the header). */
  batched?: boolean;
}

/** How often the pending hits of batched rules are written, at most. */
const WRITE_INTERVAL_MS = 100;
/** Batched keys remembered per Db; past it the oldest are forgotten (their next hit is written at once again). */
const MAX_BATCHED_KEYS = 100_000;

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

/** What this process knows of one batched key in one window. */
interface WindowCount {
  key: string;
  windowStart: number;
  windowEnd: number;
  /** The count PostgreSQL answered at this process's last write in the window (plus its own hits of failed writes). */
  shared: number;
  /** Hits counted here and not yet answered by a write (those of a write in flight included). */
  pending: number;
}

interface BatchedCounts {
  counters: Db;
  /** The current window of each key, in the order the windows began here (re-inserted when a key's window moves). */
  byKey: Map<string, WindowCount>;
  /** The windows with pending hits, for the next write. */
  unwritten: Set<WindowCount>;
  /** The clock of the latest hit, to tell which windows have passed. */
  clock: Clock;
  timer: NodeJS.Timeout | undefined;
  /** The latest write; the next one starts after it, so two writes never answer for the same hits. */
  writing: Promise<void>;
}

const batchedCounts = new WeakMap<Db, BatchedCounts>();

function batchedCountsOf(counters: Db, clock: Clock): BatchedCounts {
  let counts = batchedCounts.get(counters);
  if (!counts) {
    counts = { counters, byKey: new Map(), unwritten: new Set(), clock, timer: undefined, writing: Promise.resolve() };
    batchedCounts.set(counters, counts);
  }
  counts.clock = clock;
  return counts;
}

/** Counts one hit of a batched rule; answers the count to decide with. */
async function countBatched(counts: BatchedCounts, key: string, windowStart: number, windowEnd: number): Promise<number> {
  const known = counts.byKey.get(key);
  if (known?.windowStart === windowStart) {
    known.pending += 1;
    counts.unwritten.add(known);
    scheduleWrite(counts);
    return known.shared + known.pending;
  }
  // A key counted here before starts its next window here too, written with the next batch. Windows are aligned to
  // the clock, so every active key begins a new one at the same moment: writing each at once made a burst of writes
  // that every request of that moment waited for.
  if (known && known.windowStart < windowStart) {
    forget(counts, known);
    const next: WindowCount = { key, windowStart, windowEnd, shared: 0, pending: 1 };
    counts.byKey.set(key, next);
    counts.unwritten.add(next);
    scheduleWrite(counts);
    return 1;
  }
  // The first hit of a key here is written at once: its answer brings the other processes' hits.
  const shared = await writeHit(counts.counters, key, windowStart);
  return remember(counts, { key, windowStart, windowEnd, shared, pending: 0 });
}

/** Keeps what a first hit's write answered; returns the count to decide that hit with. */
function remember(counts: BatchedCounts, first: WindowCount): number {
  const known = counts.byKey.get(first.key);
  // A later window began while this hit was being written: this one has passed.
  if (known && known.windowStart > first.windowStart) return first.shared;
  // Hits that arrived together may each have been the first; counts only grow in a window, so the larger is the later.
  if (known?.windowStart === first.windowStart) {
    known.shared = Math.max(known.shared, first.shared);
    return known.shared + known.pending;
  }
  // The row has just moved to the new window, so the hits of the passed one could no longer be written.
  if (known) forget(counts, known);
  forgetPassedWindows(counts);
  if (counts.byKey.size >= MAX_BATCHED_KEYS) forget(counts, counts.byKey.values().next().value!);
  counts.byKey.set(first.key, first);
  return first.shared;
}

/** Drops a window and its unwritten hits; each key has at most one window to write, as one row can take one. */
function forget(counts: BatchedCounts, window: WindowCount): void {
  counts.byKey.delete(window.key);
  counts.unwritten.delete(window);
}

function scheduleWrite(counts: BatchedCounts): void {
  if (counts.timer) return;
  counts.timer = setTimeout(() => void writePending(counts), WRITE_INTERVAL_MS);
  // Pending counts never keep the process alive.
  counts.timer.unref();
}

/** Writes the pending hits after the write in flight, if any. Never rejects. */
function writePending(counts: BatchedCounts): Promise<void> {
  counts.writing = counts.writing.then(() => writeBatch(counts));
  return counts.writing;
}

async function writeBatch(counts: BatchedCounts): Promise<void> {
  clearTimeout(counts.timer);
  counts.timer = undefined;
  const batch = [...counts.unwritten].map((window) => ({ window, hits: window.pending }));
  counts.unwritten.clear();
  if (batch.length > 0) {
    // A failed write is dropped like a lost asynchronous commit (0010); a closed pool lands here too.
    const written = await writeCounts(counts.counters, batch).catch(() => undefined);
    for (const { window, hits } of batch) {
      window.pending -= hits;
      // No answer (a failed write, or a row already in a later window): this process still knows its own hits.
      window.shared = Math.max(window.shared, written?.get(window.key) ?? window.shared + hits);
    }
  }
  forgetPassedWindows(counts);
}

/** Adds the hits to their rows in one statement; answers each written key's new count. */
async function writeCounts(counters: Db, batch: { window: WindowCount; hits: number }[]): Promise<Map<string, number>> {
  const keys = batch.map(({ window }) => window.key);
  const windowStarts = batch.map(({ window }) => new Date(window.windowStart).toISOString());
  const hits = batch.map(({ hits }) => hits);
  // A late write of a window that has passed never takes a row back from a later window another process started.
  const { rows } = await counters.execute<{ key: string; count: number }>(sql`
    insert into rate_limits (key, window_start, count)
    select * from unnest(${sql.param(keys)}::text[], ${sql.param(windowStarts)}::timestamptz[], ${sql.param(hits)}::int[])
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start
        then rate_limits.count + excluded.count else excluded.count end,
      window_start = excluded.window_start
    where rate_limits.window_start <= excluded.window_start
    returning key, count`);
  return new Map(rows.map((row) => [row.key, row.count]));
}

/** Drops the windows that have passed; they sit at the front of byKey, so the sweep stops at the first current one. */
function forgetPassedWindows(counts: BatchedCounts): void {
  const now = counts.clock.now().getTime();
  for (const window of counts.byKey.values()) {
    if (window.windowEnd > now) break;
    forget(counts, window);
  }
}

/** Writes the pending hits of batched rules now; resolves once they are written (or dropped). */
export function flushRateLimitCounts(db: Db): Promise<void> {
  const counts = batchedCounts.get(lossyWritesDb(db));
  return counts ? writePending(counts) : Promise.resolve();
}

/** Counts one hit; returns the seconds to wait when over the limit, else 0. */
export async function hit(db: Db, clock: Clock, rule: RateLimitRule, subject: string): Promise<number> {
  const now = clock.now().getTime();
  const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs;
  const windowEnd = windowStart + rule.windowMs;
  const key = `${rule.name}:${subject}`;
  const counters = lossyWritesDb(db);
  const count = rule.batched
    ? await countBatched(batchedCountsOf(counters, clock), key, windowStart, windowEnd)
    : await writeHit(counters, key, windowStart);
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
          return next(new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.'));
        }
      }
      next();
    } catch (err) {
      next(err);
    }
  };
}
