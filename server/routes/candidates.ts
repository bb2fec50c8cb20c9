// The Job Seeker Database API: the search, a candidate's page, contact events and the shortlist. Only for
// companies with an active, unexpired subscription (requireActiveCompany: 401 signed out, 403 otherwise), and only
// approved, visible profiles: any other id is answered 404, whatever the reason.
import express from 'express';
import { candidateSearchSchema, contactSchema, shortlistNoteSchema, type CandidateSearch } from '#shared/candidates.ts';
import { requireActiveCompany } from '../auth/require-active-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateIds, validateQuery } from '../http/validate.ts';
import { recordCandidateEvent, viewCandidate } from '../services/candidate-search/candidate.ts';
import { createCandidateSearch } from '../services/candidate-search/search.ts';
import { listShortlist, removeFromShortlist, saveToShortlist } from '../services/shortlists.ts';
import type { Histogram } from 'prom-client';

// Checked at the edge (validateIds); lower case, as the search's cursors and the database write them.
const profileId = (value: unknown) => String(value).toLowerCase();

const byCompany = (req: express.Request) => req.company?.id;
/** A person searching reads a page in seconds; this leaves room for quick paging and stops scraping. */
export const SEARCH_LIMIT: RateLimitRule = { name: 'candidate-search', windowMs: 60_000, max: 120, key: byCompany };
export const OPTION_COUNTS_LIMIT: RateLimitRule = { name: 'candidate-option-counts', windowMs: 60_000, max: 120, key: byCompany };
/** Candidate pages: the contact details are what a scraper wants. */
export const VIEW_LIMIT: RateLimitRule = { name: 'candidate-view', windowMs: 60_000, max: 120, key: byCompany };

/** `readDb`: where the search reads from, a read replica when one is configured (docs/deploy.md); `db` otherwise. */
export function candidatesRouter(ctx: { db: Db; readDb?: Db; clock: Clock; searchSeconds?: Pick<Histogram<never>, 'startTimer'> }) {
  const router = express.Router();
  const search = createCandidateSearch(ctx.readDb ?? ctx.db, { clock: ctx.clock });
  const activeCompany = requireActiveCompany(ctx.db, ctx.clock);
  router.use(['/candidates', '/shortlist'], activeCompany);

  router.get('/candidates', rateLimit(ctx.db, ctx.clock, SEARCH_LIMIT), validateQuery(candidateSearchSchema), async (req, res) => {
    const end = ctx.searchSeconds?.startTimer();
    const page = await search.search(req.company!.id, res.locals.query as CandidateSearch);
    end?.();
    res.json(page);
  });
  // Before /candidates/:id. The same search's option counts, for the filters; a limit of its own, as a search
  // sends one of these beside each page it asks for.
  router.get('/candidates/option-counts', rateLimit(ctx.db, ctx.clock, OPTION_COUNTS_LIMIT), validateQuery(candidateSearchSchema), async (_req, res) => {
    res.json(await search.optionCounts(res.locals.query as CandidateSearch));
  });
  router.get('/candidates/:id', rateLimit(ctx.db, ctx.clock, VIEW_LIMIT), validateIds('candidate.not_found', 'id'), async (req, res) => {
    res.json(await viewCandidate(ctx.db, req.company!.id, profileId(req.params.id), req.user!.id));
  });
  router.post('/candidates/:id/contact', validateIds('candidate.not_found', 'id'), validate(contactSchema), async (req, res) => {
    await recordCandidateEvent(ctx.db, req.company!.id, profileId(req.params.id), { type: 'contact', channel: req.body.channel, userId: req.user!.id });
    res.status(204).end();
  });

  router.get('/shortlist', async (req, res) => {
    res.json({ items: await listShortlist(ctx.db, req.company!.id) });
  });
  router.put('/shortlist/:profileId', validateIds('candidate.not_found', 'profileId'), validate(shortlistNoteSchema), async (req, res) => {
    res.json(await saveToShortlist(ctx.db, req.company!.id, profileId(req.params.profileId), req.body.note, req.user!.id));
  });
  router.delete('/shortlist/:profileId', validateIds('candidate.not_found', 'profileId'), async (req, res) => {
    await removeFromShortlist(ctx.db, req.company!.id, profileId(req.params.profileId));
    res.status(204).end();
  });
  return router;
}
