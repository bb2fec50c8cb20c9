import express from 'express';
import { insertProfileSchema, stillLookingLinkSchema, updateProfileSchema } from '#shared/profile.ts';
import { draftUploadsQuerySchema } from '#shared/uploads.ts';
import { requireRole } from '../auth/current-user.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateQuery } from '../http/validate.ts';
import { confirmStillLookingByLink } from '../services/still-looking.ts';
import { getOwnProfile, type ProfileContext } from '../services/profiles.ts';
import { confirmStillLooking, createProfile, updateProfile } from '../services/profile-writes.ts';
import { profileVideo } from '../services/profile-video.ts';
import { draftUploads } from '../services/profile-uploads.ts';

/** Per client address: links are tried a few times at most, never guessed. */
const LINK_LIMIT: RateLimitRule = { name: 'still-looking-link', windowMs: 60 * 60 * 1000, max: 30 };

/** The job seeker's own profile. */
export function jobSeekerRouter(ctx: ProfileContext) {
  const router = express.Router();
  // The link of the "still looking?" e-mail: whoever holds it, signed in or not (a single-use token).
  router.post('/still-looking', rateLimit(ctx.db, ctx.clock, LINK_LIMIT), validate(stillLookingLinkSchema), async (req, res) => {
    res.json(await confirmStillLookingByLink(ctx, req.body.token));
  });
  router.use('/job-seeker', requireRole('job_seeker'));
  router.post('/job-seeker/profile', validate(insertProfileSchema), async (req, res) => {
    res.status(201).json(await createProfile(ctx, req.user!, req.body));
  });
  router.get('/job-seeker/profile', async (req, res) => {
    res.json(await getOwnProfile(ctx.db, req.user!));
  });
  // Polled by the profile page while the video is being made playable.
  router.get('/job-seeker/profile/video', async (req, res) => {
    const profile = await getOwnProfile(ctx.db, req.user!);
    res.json({ video: await profileVideo(ctx.db, profile.videoUrl) });
  });
  // Asked by a browser that kept a profile being made: which of its finished uploads it may still offer.
  router.get('/job-seeker/draft-uploads', validateQuery(draftUploadsQuerySchema), async (req, res) => {
    res.json(await draftUploads(ctx, req.user!, res.locals.query));
  });
  router.patch('/job-seeker/profile', validate(updateProfileSchema), async (req, res) => {
    res.json(await updateProfile(ctx, req.user!, req.body));
  });
  router.post('/job-seeker/profile/still-looking', async (req, res) => {
    res.json(await confirmStillLooking(ctx, req.user!));
  });
  return router;
}
