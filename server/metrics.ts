// What an operator's Prometheus reads from each process at GET /metrics (docs/operations.md, docs/decisions/0048).
// Counters and histograms are this process's own, summed across processes by Prometheus; the backlogs are read from
// PostgreSQL at each scrape, so every process reports the same shared queues.
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/client.ts';
import type { DeliveryResult } from './mail/worker.ts';
import { lastSuccessfulBackupAt } from './services/backups.ts';
import { readJobBacklogs, type BacklogReading } from './services/job-backlogs.ts';
import { JOB_QUEUES, type JobQueue } from '#shared/system-status.ts';

export interface Metrics {
  registry: Registry;
  /** How e-mail delivery attempts ended. */
  emails: Counter<'result'>;
  /** Counts what an outbox delivery run did. */
  countDelivery: (result: DeliveryResult) => void;
  /** How a video job ended. */
  videoJobs: Counter<'result'>;
  /** The company search's time, from the request to its answer. */
  searchSeconds: Histogram<never>;
  /** Times every request, labelled by its route's pattern (not its path: ids would make a series each). */
  timeRequests: RequestHandler;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route's pattern once Express matched one (`/api/candidates/:id`); what no route matched is one label. The
 * pattern is its router's mount path and its own: the mount path is read from the request's path, since Express
 * gives the request its router's mount path (req.baseUrl) only while inside it. The routes have no wildcards or
 * optional parts, so each part of a pattern stands for one part of the path.
 */
function routeOf(req: Request): string {
  const pattern: unknown = req.route?.path;
  const path = req.originalUrl.split('?')[0]!;
  if (typeof pattern !== 'string') return path.startsWith('/api/') ? 'unmatched' : 'page or file';
  const parts = path.split('/').filter(Boolean);
  const own = pattern.split('/').filter(Boolean);
  return `/${[...parts.slice(0, Math.max(0, parts.length - own.length)), ...own].join('/')}`;
}

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'wazifa' });
  // The process's CPU, memory, event loop delay and garbage collection.
  collectDefaultMetrics({ register: registry });

  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'wazifa_emails_total',
    help: 'E-mail delivery attempts by result: sent, retried (will be tried again), failed (for good), expired',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const videoJobs = new Counter({
    name: 'wazifa_video_jobs_total',
    help: 'Video jobs by result: done, unreadable (the file is not a video), retried, failed (for good)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const searchSeconds = new Histogram({
    name: 'wazifa_search_duration_seconds',
    help: 'Time of a company search, from its request to its answer',
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  });

  const pool = database.pool;
  new Gauge({
    name: 'wazifa_db_pool_connections',
    help: 'Connections of this process to PostgreSQL: in use, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  // One reading per scrape for every queue (services/job-backlogs.ts). Both gauges below read it: a scrape asks for
  // them together, so the second finds the first one's reading still under way.
  let reading: Promise<BacklogReading[]> | undefined;
  const readBacklog = () => (reading ??= readJobBacklogs(database.db).finally(() => (reading = undefined)));
  // The series Prometheus has had from the first day; the System page shows account deletions as well.
  const QUEUES: JobQueue[] = ['outbox', 'video_jobs', 'data_exports'];
  /** A gauge with a value for every queue and state, 0 for those with no item. */
  const backlogGauge = (name: string, help: string, value: (row: BacklogReading) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['queue', 'state'] as const,
      registers: [registry],
      async collect() {
        const rows = await readBacklog();
        for (const queue of QUEUES) {
          for (const state of JOB_QUEUES[queue]) {
            const row = rows.find((r) => r.queue === queue && r.state === state);
            this.set({ queue, state }, row ? value(row) : 0);
          }
        }
      },
    });
  backlogGauge('wazifa_queue_items', 'Items waiting or failed in each queue: the e-mail outbox, video jobs, data exports', (row) => row.items);
  backlogGauge(
    'wazifa_queue_oldest_item_age_seconds',
    'Age of the oldest item in each queue and state (0 when there is none)',
    (row) => (row.oldest ? Math.max(0, (Date.now() - row.oldest.getTime()) / 1000) : 0),
  );

  new Gauge({
    name: 'wazifa_backup_last_success_timestamp_seconds',
    help: 'When the last backup succeeded, as a Unix time (0 when none has)',
    registers: [registry],
    async collect() {
      const at = await lastSuccessfulBackupAt(database.db);
      this.set(at ? at.getTime() / 1000 : 0);
    },
  });

  const timeRequests: RequestHandler = (req, res, next) => {
    const end = requestSeconds.startTimer();
    res.once('finish', () => end({ method: req.method, route: routeOf(req), status: String(res.statusCode) }));
    next();
  };

  const countDelivery = (result: DeliveryResult) => {
    for (const outcome of ['sent', 'retried', 'failed', 'expired'] as const) emails.inc({ result: outcome }, result[outcome]);
  };

  return { registry, emails, countDelivery, videoJobs, searchSeconds, timeRequests };
}

/**
 * GET /metrics for a scraper with the token; 404 for anyone else and when no token is configured, so the address
 * says nothing to a stranger.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response, next: NextFunction) => {
    const given = Buffer.from(req.get('authorization') ?? '');
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not Found');
      return;
    }
    try {
      const text = await metrics.registry.metrics();
      res.set('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
    } catch (err) {
      next(err);
    }
  };
}
