import express from 'express';
import { profileListQuery } from '#shared/admin.ts';
import { rejectProfileSchema } from '#shared/profile.ts';
import { factVerificationSchema, VERIFIABLE_FACTS, type VerifiableFact } from '#shared/hiring-facts.ts';
import { requireAdmin } from '../auth/current-user.ts';
import { DomainError } from '../domain-error.ts';
import { validate } from '../http/validate.ts';
import {
  approveProfile,
  getProfileForReview,
  listProfilesForReview,
  rejectProfile,
  setFactVerification,
  type ReviewContext,
} from '../services/profile-review.ts';

const profileId = (value: unknown): string => {
  if (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new DomainError('profile.not_found');
  return value;
};

/** The Master Admin's API: administrators only, every action audited. */
export function adminRouter(ctx: ReviewContext & { mailer: { kick(): void } }) {
  const router = express.Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/profiles', async (req, res) => {
    res.json(await listProfilesForReview(ctx.db, profileListQuery.parse(req.query)));
  });
  router.get('/admin/profiles/:id', async (req, res) => {
    res.json(await getProfileForReview(ctx.db, profileId(req.params.id)));
  });
  router.post('/admin/profiles/:id/approve', async (req, res) => {
    const profile = await approveProfile(ctx, req.user!, profileId(req.params.id));
    ctx.mailer.kick();
    res.json(profile);
  });
  router.post('/admin/profiles/:id/reject', validate(rejectProfileSchema), async (req, res) => {
    const profile = await rejectProfile(ctx, req.user!, profileId(req.params.id), req.body.reason);
    ctx.mailer.kick();
    res.json(profile);
  });
  router.post('/admin/profiles/:id/facts/:fact', validate(factVerificationSchema), async (req, res) => {
    const fact = req.params.fact as VerifiableFact;
    if (!VERIFIABLE_FACTS.includes(fact)) throw new DomainError('common.not_found');
    res.json(await setFactVerification(ctx, req.user!, profileId(req.params.id), fact, req.body.verified));
  });
  return router;
}
