import express from 'express';
import { insertProfileSchema } from '#shared/profile.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { requireRole } from '../auth/current-user.ts';
import { validate } from '../http/validate.ts';
import { createProfile, getOwnProfile } from '../services/profiles.ts';

export function jobSeekerRouter(ctx: { db: Db; clock: Clock }) {
  const router = express.Router();
  router.use('/job-seeker', requireRole('job_seeker'));
  router.post('/job-seeker/profile', validate(insertProfileSchema), async (req, res) => {
    res.status(201).json(await createProfile(ctx, req.user!, req.body));
  });
  router.get('/job-seeker/profile', async (req, res) => {
    res.json(await getOwnProfile(ctx.db, req.user!));
  });
  return router;
}
