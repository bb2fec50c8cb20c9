import express from 'express';
import { careerApplicationSchema } from '#shared/career.ts';
import { uploadAclSchema } from '#shared/uploads.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate } from '../http/validate.ts';
import { submitCareerApplication, type CareerContext } from '../services/career-applications.ts';
import { createDocumentUpload, finalizeDocumentUpload, type UploadContext } from '../services/uploads.ts';

const HOUR = 60 * 60 * 1000;

// Anonymous calls: counted per client address (behind a proxy, TRUST_PROXY makes that the real client's).
const limits = {
  resumeUploads: { name: 'resume-upload-ip', windowMs: HOUR, max: 20 },
  resumeAcl: { name: 'resume-acl-ip', windowMs: HOUR, max: 60 },
  applications: { name: 'career-application-ip', windowMs: HOUR, max: 10 },
} satisfies Record<string, RateLimitRule>;

/** The careers page: resume upload in two steps, then the application. Open to everyone. */
export function careersRouter(ctx: CareerContext & UploadContext, mailer: { kick(): void }) {
  const router = express.Router();
  const { db, clock } = ctx;

  router.post('/career/resume-upload', rateLimit(db, clock, limits.resumeUploads), async (_req, res) => {
    res.json(await createDocumentUpload(ctx, { kind: 'resume' }));
  });

  router.put('/career/resume-acl', validate(uploadAclSchema), rateLimit(db, clock, limits.resumeAcl), async (req, res) => {
    res.json(await finalizeDocumentUpload(ctx, { kind: 'resume', objectURL: req.body.objectURL }));
  });

  router.post(
    '/career-application',
    validate(careerApplicationSchema),
    rateLimit(db, clock, limits.applications),
    async (req, res) => {
      const application = await submitCareerApplication(ctx, req.body);
      mailer.kick();
      res.status(201).json(application);
    },
  );

  return router;
}
