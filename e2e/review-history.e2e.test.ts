// The review page of a profile a colleague has open and the job seeker keeps editing: it names the colleague, its
// history shows the edit with its fields and the earlier rejection with its reason, and a decision taken on the page
// after the job seeker changed the profile again is refused with a message, the page showing the profile as it is now.
// Once approved, a change of visa status brings it to the queue's "Facts changed" lane until a reviewer looked.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '#shared/schema.ts';
import { startTestServer } from '../server/test/app.ts';
import { decideOnProfile, jobSeekerWithProfile, signedInAgent } from '../server/test/fixtures.ts';
import { expectAccessible, launchBrowser, openPage, signInWithCookie, waitForToast } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { TRUST_PROXY: 'loopback' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the review page', () => {
  it('shows who has the profile open and its history, and refuses a decision on a profile changed since', async () => {
    const [layla, omar, seeker] = await Promise.all([
      signedInAgent(server, { admin: true }),
      signedInAgent(server, { admin: true }),
      jobSeekerWithProfile(server, { fullName: 'Joseph Mensah', visaStatus: 'transferable' }),
    ]);
    await server.testDatabase.database.db.update(users).set({ firstName: 'Omar', lastName: 'Saleh' }).where(eq(users.id, omar.id));
    expect((await decideOnProfile(omar, seeker.profile.id, 'reject', { reasons: ['cv_unreadable'], note: 'The scan is too dark.' })).status).toBe(200);
    await seeker.agent.patch('/api/job-seeker/profile').send({ yearsOfExperience: 7 }).expect(200);
    await omar.agent.post(`/api/admin/profiles/${seeker.profile.id}/claim`).expect(200);

    const { context, page, problems } = await openPage(browser, { width: 1440, height: 900 });
    await signInWithCookie(context, server.baseUrl, layla.cookie);
    await page.goto(`${server.baseUrl}/admin/review/${seeker.profile.id}`);
    await page.getByRole('heading', { name: 'Joseph Mensah' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Being reviewed by Omar Saleh' }).waitFor();

    const history = page.getByRole('region', { name: 'History' });
    const events = history.getByRole('listitem');
    await events.first().getByText('Edited by the job seeker').waitFor();
    await events.first().getByText('Changed: years of experience').waitFor();
    await events.first().getByText('Sent back to the review queue').waitFor();
    await events.nth(1).getByText('Rejected by Omar Saleh').waitFor();
    await events.nth(1).getByText('Reason: CV cannot be read').waitFor();
    await events.nth(1).getByText('Note: The scan is too dark.').waitFor();
    await events.nth(2).getByText('Profile created by the job seeker').waitFor();
    await expectAccessible(page);

    // The job seeker changes the profile while the page is open: the approval is refused, and the page shows the change.
    await seeker.agent.patch('/api/job-seeker/profile').send({ bio: 'Forklift operator, seven years in Jebel Ali warehouses.' }).expect(200);
    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'This profile changed since you opened it. The page has been reloaded.');
    await page.getByText('Forklift operator, seven years in Jebel Ali warehouses.').waitFor();
    await history.getByText('Changed: about').waitFor();
    expect((await seeker.agent.get('/api/job-seeker/profile').expect(200)).body.reviewStatus).toBe('pending');

    await page.getByRole('button', { name: 'Approve' }).click();
    await waitForToast(page, 'Joseph Mensah is approved');
    expect((await seeker.agent.get('/api/job-seeker/profile').expect(200)).body.reviewStatus).toBe('approved');

    // Approved, then the job seeker's visa status changes: the profile waits in the "Facts changed" lane until looked at.
    await seeker.agent.patch('/api/job-seeker/profile').send({ visaStatus: 'employment' }).expect(200);
    await page.goto(`${server.baseUrl}/admin/review`);
    await page.getByRole('button', { name: 'Facts changed' }).click();
    await page.getByRole('link', { name: /Joseph Mensah/ }).click();
    const notice = page.getByRole('region', { name: 'Facts changed since the approval' });
    await notice.waitFor();
    await history.getByText('visa status: Transferable visa / NOC available → Employment visa').waitFor();
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Looked at' }).click();
    await waitForToast(page, 'Marked as looked at');
    await notice.waitFor({ state: 'detached' });
    await history.getByText('Changed facts looked at by').waitFor();

    // The users list leads to a job seeker's profile.
    await page.goto(`${server.baseUrl}/admin/users`);
    await page.getByRole('listitem').filter({ hasText: seeker.email }).getByRole('link', { name: /^Open profile/ }).click();
    await page.getByRole('heading', { name: 'Joseph Mensah' }).waitFor();
    // The refusal is the one failed request the browser reports.
    expect(problems).toEqual([expect.stringContaining('409')]);
    await context.close();
  });
});
