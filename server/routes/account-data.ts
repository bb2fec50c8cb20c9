import { pipeline } from 'node:stream/promises';
import express from 'express';
import { deleteAccountSchema, exportLinkQuery, requestExportSchema } from '#shared/account-data.ts';
import { requireAdmin, requireUser } from '../auth/current-user.ts';
import { SESSION_COOKIE, signOut } from '../auth/session.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { rateLimit, type RateLimitRule } from '../http/rate-limit.ts';
import { validate, validateIds } from '../http/validate.ts';
import { requestDeletionByAdmin, requestOwnDeletion } from '../services/account-deletion.ts';
import { exportLinkView, exportOfLink, latestDataExports, requestDataExport } from '../services/data-export.ts';
import type { ObjectStorage } from '../storage/object-storage.ts';

const HOUR = 60 * 60 * 1000;
const limits = {
  // A copy takes work to make; a few a day is plenty for anyone.
  exports: { name: 'data-export', windowMs: 24 * HOUR, max: 10, key: (req: express.Request) => req.user?.id },
  // The password is checked: guesses are limited per account.
  deletion: { name: 'account-deletion', windowMs: HOUR, max: 10, key: (req: express.Request) => req.user?.id },
  links: { name: 'export-link', windowMs: HOUR, max: 60 },
} satisfies Record<string, RateLimitRule>;

export interface AccountDataContext {
  db: Db;
  clock: Clock;
  storage: Pick<ObjectStorage, 'createReadStream'>;
  productName: string;
  publicUrl: string;
  secret: string;
  oidcProviderName: string | null;
  /** The background workers, told when there is work for them. */
  jobs: { exports: { kick(): void }; deletions: { kick(): void } };
}

/** A copy of one's data (/profile, /account), its signed link, and deleting one's account (also by the console). */
export function accountDataRouter(ctx: AccountDataContext) {
  const router = express.Router();

  router.post('/account/exports', requireUser, validate(requestExportSchema), rateLimit(ctx.db, ctx.clock, limits.exports), async (req, res) => {
    const company = req.userCompany ? { id: req.userCompany.id, role: req.userCompanyRole ?? null } : undefined;
    const view = await requestDataExport(ctx, req.user!, req.body.scope, company);
    ctx.jobs.exports.kick();
    res.status(202).json(view);
  });
  router.get('/account/exports', requireUser, async (req, res) => {
    res.set('Cache-Control', 'no-store').json({ items: await latestDataExports(ctx, req.user!) });
  });

  // The signed link works alone, signed in or not: it was e-mailed to the account's own address.
  const link = [validateIds('export.link_invalid', 'id'), rateLimit(ctx.db, ctx.clock, limits.links)];
  const linkOf = (req: express.Request) => {
    const parsed = exportLinkQuery.safeParse(req.query);
    if (!parsed.success) throw new DomainError('export.link_invalid');
    return parsed.data;
  };
  router.get('/exports/:id', ...link, async (req, res) => {
    const row = await exportOfLink(ctx, req.params.id as string, linkOf(req));
    res.set('Cache-Control', 'no-store').json(exportLinkView(ctx, row));
  });
  router.get('/exports/:id/download', ...link, async (req, res) => {
    const row = await exportOfLink(ctx, req.params.id as string, linkOf(req));
    const day = row.readyAt!.toISOString().slice(0, 10);
    const name = `${ctx.productName.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase() || 'data'}-${row.scope === 'company' ? 'company-data' : 'my-data'}-${day}.zip`;
    const stream = await ctx.storage.createReadStream(row.objectKey!);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${name}"`);
    res.setHeader('Content-Length', String(row.size ?? 0));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(stream, res);
    } catch (err) {
      if (!res.headersSent) throw new DomainError('export.link_expired');
      req.log.info({ err }, 'download of a copy of data ended early');
      res.destroy();
    }
  });

  router.post('/account/deletion', requireUser, rateLimit(ctx.db, ctx.clock, limits.deletion), validate(deleteAccountSchema), async (req, res) => {
    await requestOwnDeletion(ctx, req.user!, req.session, req.body);
    ctx.jobs.deletions.kick();
    // Its sessions have ended; this one's cookie goes too.
    await signOut(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.status(202).json({ deletionRequested: true });
  });

  router.post('/admin/users/:id/delete', requireAdmin, validateIds('admin.user_not_found', 'id'), async (req, res) => {
    await requestDeletionByAdmin(ctx, req.user!, req.params.id as string);
    ctx.jobs.deletions.kick();
    res.status(202).json({ deletionRequested: true });
  });
  return router;
}
