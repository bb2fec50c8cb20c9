// Saved searches of the Job Seeker Database (companies with access), and the link of an alert e-mail that stops it
// (anyone holding the link: it only turns that alert off).
import express from 'express';
import { createSavedSearchSchema, stopAlertSchema, updateSavedSearchSchema } from '#shared/saved-searches.ts';
import { requireActiveCompany } from '../auth/require-active-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateIds } from '../http/validate.ts';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, stopSavedSearchAlert, updateSavedSearch } from '../services/saved-searches.ts';

/** Per client address: the stop link is guessed by nobody, and tried by no one more than a few times. */
const STOP_LIMIT: RateLimitRule = { name: 'saved-search-stop', windowMs: 60 * 60 * 1000, max: 30 };
/** Per person: saving a search is a few clicks a day; a loop of create and delete is not a person. */
const CREATE_LIMIT: RateLimitRule = { name: 'saved-search-create', windowMs: 60 * 60 * 1000, max: 30, key: (req) => req.user?.id };

export function savedSearchesRouter(ctx: { db: Db; clock: Clock; secret: string }) {
  const router = express.Router();
  router.post('/alerts/stop', rateLimit(ctx.db, ctx.clock, STOP_LIMIT), validate(stopAlertSchema), async (req, res) => {
    res.json(await stopSavedSearchAlert(ctx.db, ctx.clock, ctx.secret, req.body.token));
  });

  router.use('/saved-searches', requireActiveCompany(ctx.db, ctx.clock));
  router.get('/saved-searches', async (req, res) => {
    res.json({ items: await listSavedSearches(ctx.db, req.company!.id) });
  });
  router.post('/saved-searches', rateLimit(ctx.db, ctx.clock, CREATE_LIMIT), validate(createSavedSearchSchema), async (req, res) => {
    res.status(201).json(await createSavedSearch(ctx.db, ctx.clock, req.company!.id, req.body));
  });
  router.patch('/saved-searches/:id', validateIds('searches.not_found', 'id'), validate(updateSavedSearchSchema), async (req, res) => {
    res.json(await updateSavedSearch(ctx.db, ctx.clock, req.company!.id, String(req.params.id), req.body));
  });
  router.delete('/saved-searches/:id', validateIds('searches.not_found', 'id'), async (req, res) => {
    await deleteSavedSearch(ctx.db, req.company!.id, String(req.params.id));
    res.status(204).end();
  });
  return router;
}
