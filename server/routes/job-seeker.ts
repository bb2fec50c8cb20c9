import express from 'express';
import { insertProfileSchema, updateProfileSchema } from '#shared/profile.ts';
import { requireRole } from '../auth/current-user.ts';
import { validate } from '../http/validate.ts';
import { confirmStillLooking, createProfile, getOwnProfile, updateProfile, type ProfileContext } from '../services/profiles.ts';
import { profileVideo } from '../services/profile-video.ts';

/** The job seeker's own profile. */
export function jobSeekerRouter(ctx: ProfileContext) {
  const router = express.Router();
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
  router.patch('/job-seeker/profile', validate(updateProfileSchema), async (req, res) => {
    res.json(await updateProfile(ctx, req.user!, req.body));
  });
  router.post('/job-seeker/profile/still-looking', async (req, res) => {
    res.json(await confirmStillLooking(ctx, req.user!));
  });
  return router;
}
