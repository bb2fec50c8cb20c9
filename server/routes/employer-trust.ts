// Trust between job seekers and employers: the public employer page, what companies did with a job seeker's profile
// (and the weekly e-mail's stop link), blocks, reports with their screenshot, a company's trade licence, and the
// console's side of it (the verified mark, the reports queue).
import express from 'express';
import {
  activityEmailsSchema,
  activityListQuery,
  activityStopSchema,
  companyLicenceSchema,
  companyReportSchema,
  employerSearchSchema,
  employerVerificationSchema,
  reportAnswerSchema,
  reportListQuery,
} from '#shared/employers.ts';
import { uploadAclSchema } from '#shared/uploads.ts';
import { requireAdmin, requireRole } from '../auth/current-user.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateIds, validateQuery } from '../http/validate.ts';
import { blockCompany, listBlockedCompanies, unblockCompany } from '../services/company-blocks.ts';
import { answerReport, getReport, listReports, submitReport } from '../services/company-reports.ts';
import { employerPage, searchVerifiedEmployers, setCompanyLicence, setEmployerVerification } from '../services/employers.ts';
import { listProfileActivity, setActivityEmails, stopActivityEmails } from '../services/profile-activity.ts';
import { createDocumentUpload, finalizeDocumentUpload, type UploadContext } from '../services/uploads.ts';

const HOUR = 60 * 60 * 1000;
const limits = {
  /** Public pages by address: people open a few; a crawler of company names gets little. */
  employerPage: { name: 'employer-page', windowMs: 60_000, max: 60 },
  employerSearch: { name: 'employer-search', windowMs: 60_000, max: 30, key: (req: express.Request) => req.user?.id },
  /** A few reports a day from one person; more is not one person's experience. */
  reports: { name: 'company-report', windowMs: 24 * HOUR, max: 10, key: (req: express.Request) => req.user?.id },
  uploads: { name: 'trust-uploads', windowMs: HOUR, max: 30, key: (req: express.Request) => req.user?.id },
  /** Stop links are tried a few times at most, never guessed. */
  stopLink: { name: 'activity-stop-link', windowMs: HOUR, max: 30 },
} satisfies Record<string, RateLimitRule>;

export interface EmployerTrustContext extends UploadContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  secret: string;
  mailer: { kick(): void };
}

export function employerTrustRouter(ctx: EmployerTrustContext) {
  const router = express.Router();
  const jobSeeker = requireRole('job_seeker');
  const company = requireRole('company');

  // Anyone: whether a company is real and subscribed.
  router.get('/employers/:slug', rateLimit(ctx.db, ctx.clock, limits.employerPage), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await employerPage(ctx.db, String(req.params.slug), ctx.clock.now()));
  });
  router.get('/employers', jobSeeker, rateLimit(ctx.db, ctx.clock, limits.employerSearch), validateQuery(employerSearchSchema), async (req, res) => {
    res.json({ items: await searchVerifiedEmployers(ctx.db, req.user!, (res.locals.query as { q: string }).q, ctx.clock.now()) });
  });
  router.post('/activity-emails/stop', rateLimit(ctx.db, ctx.clock, limits.stopLink), validate(activityStopSchema), async (req, res) => {
    await stopActivityEmails(ctx, req.body.token);
    res.status(204).end();
  });

  // The job seeker: who saw me, the weekly e-mail, blocks, reports.
  router.get('/job-seeker/activity', jobSeeker, validateQuery(activityListQuery), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await listProfileActivity(ctx.db, ctx.clock, req.user!, res.locals.query as { cursor?: string; limit: number }));
  });
  router.put('/job-seeker/activity-emails', jobSeeker, validate(activityEmailsSchema), async (req, res) => {
    res.json(await setActivityEmails(ctx.db, req.user!, req.body.on));
  });
  router.get('/job-seeker/blocks', jobSeeker, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ items: await listBlockedCompanies(ctx.db, ctx.clock, req.user!) });
  });
  router.put('/job-seeker/blocks/:companyId', jobSeeker, validateIds('employer.not_found', 'companyId'), async (req, res) => {
    await blockCompany(ctx, req.user!, String(req.params.companyId));
    res.status(204).end();
  });
  router.delete('/job-seeker/blocks/:companyId', jobSeeker, validateIds('employer.not_found', 'companyId'), async (req, res) => {
    await unblockCompany(ctx, req.user!, String(req.params.companyId));
    res.status(204).end();
  });
  router.post('/reports/screenshot/upload', jobSeeker, rateLimit(ctx.db, ctx.clock, limits.uploads), async (req, res) => {
    res.json(await createDocumentUpload(ctx, { kind: 'screenshot', ownerId: req.user!.id }));
  });
  router.put('/reports/screenshot/acl', jobSeeker, validate(uploadAclSchema), async (req, res) => {
    res.json(await finalizeDocumentUpload(ctx, { kind: 'screenshot', ownerId: req.user!.id, objectURL: req.body.objectURL }));
  });
  router.post('/reports', jobSeeker, rateLimit(ctx.db, ctx.clock, limits.reports), validate(companyReportSchema), async (req, res) => {
    res.status(201).json(await submitReport(ctx, req.user!, req.body));
  });

  // The company: its trade licence for our team to check (owner and admins; the service checks the role).
  router.post('/company/licence/upload', company, rateLimit(ctx.db, ctx.clock, limits.uploads), async (req, res) => {
    res.json(await createDocumentUpload(ctx, { kind: 'licence', ownerId: req.user!.id }));
  });
  router.put('/company/licence/acl', company, validate(uploadAclSchema), async (req, res) => {
    res.json(await finalizeDocumentUpload(ctx, { kind: 'licence', ownerId: req.user!.id, objectURL: req.body.objectURL }));
  });
  router.put('/company/licence', company, validate(companyLicenceSchema), async (req, res) => {
    res.json(await setCompanyLicence(ctx, req.user!, req.body));
  });

  // The console.
  router.post('/admin/companies/:id/employer-verification', requireAdmin, validateIds('admin.company_not_found', 'id'), validate(employerVerificationSchema), async (req, res) => {
    res.json(await setEmployerVerification(ctx, req.user!, String(req.params.id), req.body.verified));
  });
  router.get('/admin/reports', requireAdmin, validateQuery(reportListQuery), async (_req, res) => {
    res.json(await listReports(ctx.db, res.locals.query as { answered: boolean; cursor?: string; limit: number }));
  });
  router.get('/admin/reports/:id', requireAdmin, validateIds('admin.report_not_found', 'id'), async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getReport(ctx.db, ctx.clock, String(req.params.id)));
  });
  router.post('/admin/reports/:id/answer', requireAdmin, validateIds('admin.report_not_found', 'id'), validate(reportAnswerSchema), async (req, res) => {
    const answered = await answerReport(ctx, req.user!, String(req.params.id), req.body.answer);
    ctx.mailer.kick();
    res.json(answered);
  });
  return router;
}
