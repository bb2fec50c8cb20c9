// A job seeker in Hindi, on a 375 px phone, sees where they are signed in, downloads a copy of their data (prepared
// in the background, announced by e-mail, whose link opens a page in their language), then deletes their account:
// they are signed out at once and the account is erased by the background job. Every screen passes axe.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { unzip } from '../server/test/account-data.ts';
import { jobSeekerWithProfile } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, signInWithCookie, waitForToast } from './support/browser.ts';

type Catalogue = { [key: string]: string | Catalogue };
const catalogues = path.resolve(import.meta.dirname, '../client/src/locales');
/** A text of the catalogue, its {{values}} filled in. */
function text(locale: string, namespace: string, key: string, values: Record<string, string> = {}): string {
  let node: string | Catalogue = JSON.parse(readFileSync(path.join(catalogues, locale, `${namespace}.json`), 'utf8')) as Catalogue;
  for (const part of key.split('.')) node = (node as Catalogue)[part]!;
  if (typeof node !== 'string') throw new Error(`${locale}/${namespace}:${key} is not a text`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const db = () => server.testDatabase.database.db;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { TRUST_PROXY: 'loopback' }, accountJobs: true })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('my data, on a phone in Hindi', () => {
  it('downloads a copy of the data, then deletes the account', async () => {
    const t = (key: string, values?: Record<string, string>) => text('hi', 'account-data', key, values);
    const seeker = await jobSeekerWithProfile(server, { fullName: 'Sunil Thapa' });
    await seeker.agent.put('/api/auth/locale').send({ locale: 'hi' }).expect(200);
    const { context, page, problems } = await openPage(browser, { width: 375, height: 800, locale: 'hi-IN' });
    await signInWithCookie(context, server.baseUrl, seeker.cookie);

    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('heading', { level: 2, name: t('section.title') }).waitFor();
    // Where they are signed in: this phone, on this network.
    await page.getByText(t('sessions.thisDevice'), { exact: true }).waitFor();
    await page.getByText(t('sessions.onlyThis')).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['hi', 'ltr']);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // A copy of the data: prepared in the background (the page says so while it is), then offered here.
    await page.getByRole('button', { name: t('export.request') }).click();
    await waitForToast(page, t('export.requested'));
    const downloadLink = page.getByRole('link', { name: t('export.download') });
    await downloadLink.waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^wazifa-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await unzip(readFileSync((await download.path())!));
    expect(JSON.parse(entries.get('data.json')!.toString('utf8')).sections.profile[0].fullName).toBe('Sunil Thapa');
    expect([...entries.keys()].filter((entry) => entry.startsWith('files/'))).toHaveLength(2);

    // The e-mail says so in Hindi; its link opens a page in Hindi that offers the same file.
    const [mail] = await db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, seeker.email), eq(emailOutbox.template, 'data_export_ready')));
    expect(mail!.htmlBody).toContain('lang="hi"');
    const link = new URL(mail!.secrets!.link!);
    await page.goto(`${server.baseUrl}${link.pathname}${link.search}`);
    await page.getByRole('heading', { level: 1, name: t('link.title') }).waitFor();
    await page.getByRole('link', { name: t('link.download') }).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // Deleting the account: what happens is said, the password confirms it.
    await page.goto(`${server.baseUrl}/profile`);
    await page.getByRole('button', { name: t('deletion.start') }).click();
    await page.getByText(t('deletion.cannotUndo')).waitFor();
    await page.getByRole('button', { name: t('deletion.confirm') }).click();
    await page.getByText(t('deletion.passwordMissing')).waitFor();
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.getByLabel(t('deletion.password'), { exact: true }).fill('long enough 1');
    await page.getByRole('button', { name: t('deletion.confirm') }).click();
    await waitForToast(page, t('deletion.done'));
    await page.waitForURL(`${server.baseUrl}/`);
    await expectAccessible(page);
    // Signed out here and everywhere; the background job erases the account.
    expect((await seeker.agent.get('/api/auth/user')).status).toBe(401);
    await expect.poll(async () => (await db().select({ id: users.id }).from(users).where(eq(users.id, seeker.id))).length, { timeout: 20_000 }).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
