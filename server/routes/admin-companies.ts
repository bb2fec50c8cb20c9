import express from 'express';
import { companyListQuery, paymentListQuery } from '#shared/admin.ts';
import { verifyPaymentSchema } from '#shared/company.ts';
import { requireAdmin } from '../auth/current-user.ts';
import { validate, validateIds } from '../http/validate.ts';
import { listAwaitingPayments } from '../services/awaiting-payments.ts';
import { issueRenewalInvoice, reactivateCompany, suspendCompany, verifyPayment } from '../services/company-admin.ts';
import { getCompanyForAdmin, listCompanies } from '../services/company-listings.ts';
import type { CompanyContext } from '../services/subscriptions.ts';

/** The Master Admin's company API: the payments awaited, their verification and activation, suspension, every action audited. */
export function adminCompaniesRouter(ctx: CompanyContext & { mailer: { kick(): void } }) {
  const router = express.Router();
  router.use(['/admin/companies', '/admin/payments'], requireAdmin);
  const companyId = validateIds('admin.company_not_found', 'id');

  router.get('/admin/companies', async (req, res) => {
    const query = companyListQuery.parse(req.query);
    res.json(await listCompanies(ctx.db, { ...query, q: query.q || undefined }, ctx.clock.now()));
  });
  // The invoices awaiting payment, for matching against the bank's statement.
  router.get('/admin/payments', async (req, res) => {
    const query = paymentListQuery.parse(req.query);
    res.json(await listAwaitingPayments(ctx.db, { ...query, q: query.q || undefined }));
  });
  router.get('/admin/companies/:id', companyId, async (req, res) => {
    res.json(await getCompanyForAdmin(ctx.db, req.params.id as string, ctx.clock.now()));
  });
  router.post('/admin/companies/:id/verify-payment', companyId, validate(verifyPaymentSchema), async (req, res) => {
    const result = await verifyPayment(ctx, req.user!, req.params.id as string, req.body);
    ctx.mailer.kick();
    res.json(result);
  });
  router.post('/admin/companies/:id/suspend', companyId, async (req, res) => {
    res.json(await suspendCompany(ctx, req.user!, req.params.id as string));
  });
  router.post('/admin/companies/:id/reactivate', companyId, async (req, res) => {
    res.json(await reactivateCompany(ctx, req.user!, req.params.id as string));
  });
  router.post('/admin/companies/:id/renewal-invoice', companyId, async (req, res) => {
    const renewal = await issueRenewalInvoice(ctx, req.user!, req.params.id as string);
    ctx.mailer.kick();
    res.status(201).json(renewal);
  });
  return router;
}
