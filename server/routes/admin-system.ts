import { pipeline } from 'node:stream/promises';
import express from 'express';
import { requireAdmin } from '../auth/current-user.ts';
import { validateIds } from '../http/validate.ts';
import { openBackupDownload, type BackupDownloadContext } from '../services/backup-download.ts';
import { readSystemStatus, type SystemStatusContext } from '../services/system-status.ts';

/** The console's System page: the product's health at a glance, and its backups to download. Administrators only. */
export function adminSystemRouter(ctx: SystemStatusContext & BackupDownloadContext) {
  const router = express.Router();
  router.use(['/admin/system', '/admin/backups'], requireAdmin);

  router.get('/admin/system', async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await readSystemStatus(ctx));
  });

  router.get('/admin/backups/:id/download', validateIds('backup.not_found', 'id'), async (req, res) => {
    const archive = await openBackupDownload(ctx, req.user!, req.params.id as string);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', `attachment; filename="${archive.name}"`);
    res.setHeader('Content-Length', String(archive.size));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      await pipeline(archive.stream, res);
    } catch (err) {
      // The headers are out by now: the download can only be cut short, which the browser shows as failed.
      req.log.warn({ err, backupId: req.params.id }, 'download of a backup ended early');
      res.destroy();
    }
  });
  return router;
}
