import express from 'express';
import { applicationListQuery, auditListQuery, emailListQuery, setAdminSchema, userListQuery, videoJobListQuery } from '#shared/admin.ts';
import { requireAdmin } from '../auth/current-user.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { validate, validateIds } from '../http/validate.ts';
import { adminOverview } from '../services/admin-overview.ts';
import { listAudit } from '../services/audit-log.ts';
import { listCareerApplications, markApplicationReviewed } from '../services/career-application-review.ts';
import { getEmail, listEmails, retryEmail } from '../services/outbox-admin.ts';
import { listUsers, reactivateUser, setAdmin, suspendUser } from '../services/user-admin.ts';
import { listVideoJobs } from '../services/video-jobs-admin.ts';
import { listSalesRequests, markSalesRequestHandled } from '../services/sales-requests.ts';
import { salesRequestListQuery } from '#shared/sales-request.ts';

/**
 * The rest of the Master Admin console's API: overview counts, career applications, sales requests, users,
 * the e-mail outbox and the audit log. Administrators only; lists are keyset pages; every change is audited in its
 * own transaction. Profiles are in admin.ts, companies in admin-companies.ts.
 */
export function adminConsoleRouter(ctx: { db: Db; clock: Clock; mailer: { kick(): void } }) {
  const router = express.Router();
  router.use('/admin', requireAdmin);

  router.get('/admin/overview', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await adminOverview(ctx.db));
  });

  router.get('/admin/career-applications', async (req, res) => {
    res.json(await listCareerApplications(ctx.db, applicationListQuery.parse(req.query)));
  });
  router.post('/admin/career-applications/:id/reviewed', validateIds('admin.application_not_found', 'id'), async (req, res) => {
    res.json(await markApplicationReviewed(ctx, req.user!, req.params.id));
  });

  router.get('/admin/sales-requests', async (req, res) => {
    res.json(await listSalesRequests(ctx.db, salesRequestListQuery.parse(req.query)));
  });
  router.post('/admin/sales-requests/:id/handled', validateIds('admin.sales_request_not_found', 'id'), async (req, res) => {
    res.json(await markSalesRequestHandled(ctx, req.user!, req.params.id));
  });

  router.get('/admin/users', async (req, res) => {
    const query = userListQuery.parse(req.query);
    res.json(await listUsers(ctx.db, { ...query, q: query.q || undefined }));
  });
  const userId = validateIds('admin.user_not_found', 'id');
  router.post('/admin/users/:id/suspend', userId, async (req, res) => {
    res.json(await suspendUser(ctx, req.user!, req.params.id));
  });
  router.post('/admin/users/:id/reactivate', userId, async (req, res) => {
    res.json(await reactivateUser(ctx, req.user!, req.params.id));
  });
  router.post('/admin/users/:id/admin', userId, validate(setAdminSchema), async (req, res) => {
    res.json(await setAdmin(ctx, req.user!, req.params.id, req.body.isAdmin));
  });

  router.get('/admin/emails', async (req, res) => {
    const query = emailListQuery.parse(req.query);
    res.json(await listEmails(ctx.db, { ...query, q: query.q || undefined }));
  });
  const emailId = validateIds('admin.email_not_found', 'id');
  router.get('/admin/emails/:id', emailId, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await getEmail(ctx, req.user!, req.params.id));
  });
  router.post('/admin/emails/:id/retry', emailId, async (req, res) => {
    const email = await retryEmail(ctx, req.user!, req.params.id);
    ctx.mailer.kick();
    res.json(email);
  });

  router.get('/admin/videos', async (req, res) => {
    res.json(await listVideoJobs(ctx.db, videoJobListQuery.parse(req.query)));
  });

  router.get('/admin/audit', async (req, res) => {
    res.json(await listAudit(ctx.db, auditListQuery.parse(req.query)));
  });
  return router;
}
