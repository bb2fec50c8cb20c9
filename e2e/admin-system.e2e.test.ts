// The System page on a phone: an administrator opens it from the console's navigation, sees the backups (downloading
// one, byte for byte, with the download in the audit log), the open incident, the queues and this server's process,
// and sends a failed e-mail again with Retry. The page fits 375 px and passes axe, in English and in Arabic.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, incidents } from '#shared/schema.ts';
import { startInstanceHeartbeat } from '../server/jobs/instance-heartbeat.ts';
import { PRODUCT_VERSION } from '../server/version.ts';
import { systemClock } from '../server/clock.ts';
import { startTestServer } from '../server/test/app.ts';
import { backupRow, keptBackup } from '../server/test/backup-archives.ts';
import { signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../server/test/fixtures.ts';
import { expectFits, launchBrowser, openSignedInPhone, waitForToast } from './support/browser.ts';

type Catalogue = { [key: string]: string | Catalogue };
/** A text of the admin console's catalogue, its values filled in. */
function text(locale: 'en' | 'ar', key: string, values: Record<string, string> = {}): string {
  let node: string | Catalogue = JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../client/src/locales/${locale}/admin.json`), 'utf8')) as Catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part]!;
  if (typeof node !== 'string') throw new Error(`${locale}/admin:${key} is not a text`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
}

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
let heartbeat: ReturnType<typeof startInstanceHeartbeat>;
let kept: Awaited<ReturnType<typeof keptBackup>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: TRUSTED_PROXY_ENV })]);
  const db = server.testDatabase.database.db;
  // This server's process, beating as the product's does.
  heartbeat = startInstanceHeartbeat({ db, clock: systemClock, logger: pino({ level: 'silent' }), version: PRODUCT_VERSION });
  kept = await keptBackup(server, { startedAt: new Date(Date.now() - 9 * 3_600_000) });
  await backupRow(server, { trigger: 'command', state: 'failed', startedAt: new Date(Date.now() - 3_600_000), errorDetail: 'pg_dump: no space left on device' });
  await db.insert(incidents).values({ kind: 'backup_failed', detail: { error: 'no space left on device' } });
});
afterAll(async () => {
  await heartbeat?.stop();
  await browser?.close();
  await server?.close();
});

async function administrator(locale: 'en' | 'ar') {
  const admin = await signedInAgent(server, { admin: true });
  await admin.agent.put('/api/auth/locale').send({ locale }).expect(200);
  return admin;
}

const phoneSignedIn = (cookie: string, locale: string) => openSignedInPhone(browser, server.baseUrl, cookie, locale);


describe('the System page at 375 px', () => {
  it('shows the backups, the incident, the queues and this process; downloads an archive; sends a failed e-mail again', async () => {
    const admin = await administrator('en');
    const recipient = uniqueEmail('maria');
    const [failed] = await server.testDatabase.database.db
      .insert(emailOutbox)
      .values({ toAddress: recipient, subject: 'Your profile is approved', textBody: 'Good news', template: 'profile_approved', status: 'failed', attempts: 6, lastError: '550 mailbox unavailable' })
      .returning();
    const { page, context, problems } = await phoneSignedIn(admin.cookie, 'en-US');

    await page.goto(`${server.baseUrl}/admin/review`);
    await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'System' }).click();
    await page.getByRole('heading', { level: 1, name: 'System' }).waitFor();
    const backups = page.getByRole('region', { name: 'Backups' });
    await backups.getByText('pg_dump: no space left on device').waitFor();
    await page.getByRole('region', { name: 'Incidents' }).getByText('The last backup failed').waitFor();
    await page.getByRole('region', { name: 'Queues' }).getByText('E-mails to send').waitFor();
    await page.getByRole('region', { name: 'Version' }).getByText(/^\d{4}_\w+$/).waitFor();
    await page.getByRole('region', { name: 'Server processes' }).getByText(os.hostname(), { exact: true }).waitFor();
    await expectFits(page, 'ltr');

    // The kept archive, as the browser saves it.
    const link = backups.getByRole('link', { name: /^Download the backup of / });
    expect(await link.count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^wazifa-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.zip$/);
    expect(Buffer.compare(await readFile((await download.path())!), kept.bytes)).toBe(0);
    const audited = await server.testDatabase.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'backup.downloaded'), eq(auditLog.subjectId, kept.id)));
    expect(audited.map((row) => row.actorId)).toEqual([admin.id]);

    // The failed e-mail, sent again.
    const emails = page.getByRole('region', { name: 'E-mails that failed in the last 24 hours' });
    await emails.getByText('550 mailbox unavailable').waitFor();
    await emails.getByRole('button', { name: `Retry the e-mail to ${recipient}` }).click();
    await waitForToast(page, 'The e-mail will be sent again');
    await emails.getByText('None. E-mails are going out.').waitFor();
    const [row] = await server.testDatabase.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    await expectFits(page, 'ltr');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const admin = await administrator('ar');
    const { page, context, problems } = await phoneSignedIn(admin.cookie, 'ar-AE');
    await page.goto(`${server.baseUrl}/admin/system`);
    await page.getByRole('heading', { level: 1, name: text('ar', 'nav.system') }).waitFor();
    await page.getByRole('region', { name: text('ar', 'system.backups.title') }).getByRole('link', { name: new RegExp(`^${text('ar', 'system.backups.download')}`) }).waitFor();
    await page.getByRole('region', { name: text('ar', 'system.incidents.title') }).getByText(text('ar', 'system.incidents.kind.backup_failed')).waitFor();
    await page.getByRole('region', { name: text('ar', 'system.queues.title') }).getByText(text('ar', 'system.queues.name.outbox')).waitFor();
    await expectFits(page, 'rtl');
    expect(problems).toEqual([]);
    await context.close();
  });
});
