import express from 'express';
import type { Database } from '../db/client.ts';
import { errorText } from '#shared/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/errors.ts';

const READY_TIMEOUT_MS = 2_000;

export function healthRouter(database: Database) {
  const router = express.Router();

  // The process is alive (for restarts); says nothing about its dependencies.
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  // The process can serve traffic: the database answers (for load balancers).
  router.get('/readyz', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS);
        }),
      ]);
      res.json({ status: 'ready' });
    } catch {
      res.status(503).set('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).json({ code: 'common.unavailable', message: errorText('common.unavailable') });
    } finally {
      clearTimeout(timer);
    }
  });

  return router;
}
