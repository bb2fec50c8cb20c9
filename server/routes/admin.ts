import express from 'express';
import { z } from 'zod';
import { profileListQuery, profileVersionSchema } from '#shared/admin.ts';
import { rejectProfileSchema } from '#shared/profile.ts';
import { factVerificationSchema, VERIFIABLE_FACTS, type VerifiableFact } from '#shared/hiring-facts.ts';
import { requireAdmin } from '../auth/current-user.ts';
import { DomainError } from '../domain-error.ts';
import { validate, validateIds } from '../http/validate.ts';
import { claimProfile, getProfileForReview, listProfilesForReview, reviewNeighbours, type ReviewContext } from '../services/profile-review.ts';
import { approveProfile, markFactsLookedAt, rejectProfile, setFactVerification } from '../services/profile-review-decisions.ts';
import { profileHistory } from '../services/profile-history.ts';
import type { VideoHost } from '../video/video-host.ts';


/** The Master Admin's API: administrators only, every action audited. */
export function adminRouter(ctx: ReviewContext & { mailer: { kick(): void }; videoHost: Pick<VideoHost, 'objectKeyOf'> }) {
  const router = express.Router();
  router.use('/admin', requireAdmin);
  const profileId = validateIds('profile.not_found', 'id');

  router.get('/admin/profiles', async (req, res) => {
    res.json(await listProfilesForReview(ctx, req.user!, profileListQuery.parse(req.query)));
  });
  router.get('/admin/profiles/:id', profileId, async (req, res) => {
    res.json(await getProfileForReview(ctx, req.user!, req.params.id as string));
  });
  router.get('/admin/profiles/:id/neighbours', profileId, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await reviewNeighbours(ctx, req.user!, req.params.id as string));
  });
  router.get('/admin/profiles/:id/history', profileId, async (req, res) => {
    res.json(await profileHistory(ctx, req.params.id as string));
  });
  router.post('/admin/profiles/:id/claim', profileId, async (req, res) => {
    res.json(await claimProfile(ctx, req.user!, req.params.id as string));
  });
  router.post('/admin/profiles/:id/facts-looked-at', profileId, validate(profileVersionSchema), async (req, res) => {
    res.json(await markFactsLookedAt(ctx, req.user!, req.params.id as string, req.body.version));
  });
  router.post('/admin/profiles/:id/approve', profileId, validate(profileVersionSchema), async (req, res) => {
    const profile = await approveProfile(ctx, req.user!, req.params.id as string, req.body.version);
    ctx.mailer.kick();
    res.json(profile);
  });
  router.post('/admin/profiles/:id/reject', profileId, validate(z.intersection(rejectProfileSchema, profileVersionSchema)), async (req, res) => {
    const profile = await rejectProfile(ctx, req.user!, req.params.id as string, { reasons: req.body.reasons, note: req.body.note || undefined, version: req.body.version });
    ctx.mailer.kick();
    res.json(profile);
  });
  router.post('/admin/profiles/:id/facts/:fact', profileId, validate(factVerificationSchema), async (req, res) => {
    const fact = req.params.fact as VerifiableFact;
    if (!VERIFIABLE_FACTS.includes(fact)) throw new DomainError('common.not_found');
    res.json(await setFactVerification(ctx, req.user!, req.params.id as string, fact, req.body));
  });
  return router;
}
