import express from 'express';
import { z } from 'zod';
import { REVIEW_QUEUE_STATUSES, rejectProfileSchema } from '#shared/profile.ts';
import { requireAdmin } from '../auth/current-user.ts';
import { HttpError } from '../http/errors.ts';
import { validate } from '../http/validate.ts';
import {
  approveProfile,
  getProfileForReview,
  listProfilesForReview,
  rejectProfile,
  type ReviewContext,
} from '../services/profile-review.ts';

const listQuery = z.object({
  status: z.enum(REVIEW_QUEUE_STATUSES, { error: 'status must be pending, approved, rejected or suspended' }).default('pending'),
  cursor: z.string().max(200, 'The page cursor is not valid').optional(),
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(20),
});

const profileId = (value: unknown): string => {
  if (typeof value !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new HttpError(404, 'Profile not found');
  return value;
};

/** The Master Admin's API (DESIGN 4): administrators only, every action audited. */
export function adminRouter(ctx: ReviewContext & { mailer: { kick(): void } }) {
  const router = express.Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/profiles', async (req, res) => {
    const query = listQuery.parse(req.query);
    res.json(await listProfilesForReview(ctx.db, query));
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
  return router;
}
