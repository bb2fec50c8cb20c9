// A company's team in the browser: the owner invites a colleague from /account; the colleague opens the e-mail's link,
// creates an account, joins and finds the owner's shortlist and note; the owner removes the colleague, whose next
// request is signed out.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../server/test/app.ts';
import { readEmailLink } from '../server/test/emails.ts';
import { approveProfile, jobSeekerWithProfile, signedInAgent, uniqueEmail } from '../server/test/fixtures.ts';
import { expectAccessible, expectNoHorizontalScroll, launchBrowser, openPage, recordPageHidden, signInWithCookie, waitForToast } from './support/browser.ts';

let browser: Browser;
let server: Awaited<ReturnType<typeof startTestServer>>;
const PHONE = { width: 375, height: 812 };

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startTestServer({ env: { TRUST_PROXY: 'loopback' } })]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a team', () => {
  it('is invited by the owner, shares the shortlist and notes, and loses a removed colleague at once', async () => {
    const admin = await signedInAgent(server, { admin: true });
    const seeker = await jobSeekerWithProfile(server, { fullName: 'Joseph Mwangi' });
    await approveProfile(admin, seeker.profile.id);
    const owner = await signedInAgent(server, { role: 'company' });
    const onboarded = await owner.agent
      .post('/api/company/profile')
      .send({ companyName: 'Gulf Build Contracting', contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', email: uniqueEmail('billing'), subscriptionPlan: 'quarterly' })
      .expect(201);
    await admin.agent.post(`/api/admin/companies/${onboarded.body.company.id}/verify-payment`).send({ invoiceId: onboarded.body.invoice.id, bankReference: 'FT-E2E' }).expect(200);
    await owner.agent.put(`/api/shortlist/${seeker.profile.id}`).send({ note: 'Call about the night shift.' }).expect(200);

    // The owner invites from /account on a phone.
    const owners = await openPage(browser, PHONE);
    await signInWithCookie(owners.context, server.baseUrl, owner.cookie);
    const pageHidden = await recordPageHidden(owners.page);
    await owners.page.goto(`${server.baseUrl}/account`);
    const team = owners.page.getByRole('region', { name: 'Team' });
    await team.getByText('1 of 3 seats taken (invitations included).').waitFor();
    // The sections shown once the company has arrived did not hide the page again for their texts.
    expect(await pageHidden()).toEqual([]);
    await expectAccessible(owners.page);
    await expectNoHorizontalScroll(owners.page);
    const colleagueEmail = uniqueEmail('colleague');
    await team.getByLabel("Colleague's e-mail").fill('not an address');
    await team.getByRole('button', { name: 'Send Invitation' }).click();
    await team.getByText('Please enter a valid e-mail address').waitFor();
    await team.getByLabel("Colleague's e-mail").fill(colleagueEmail);
    await team.getByRole('button', { name: 'Send Invitation' }).click();
    await waitForToast(owners.page, `Invitation sent to ${colleagueEmail}.`);
    await team.getByText('2 of 3 seats taken (invitations included).').waitFor();

    // The colleague opens the e-mail's link, creates an account, and joins.
    const link = await readEmailLink(server.testDatabase.database.db, colleagueEmail, 'team_invitation', '/invite');
    const colleague = await openPage(browser, PHONE);
    await colleague.page.goto(`${server.baseUrl}/invite?token=${new URL(link).searchParams.get('token')}`);
    await colleague.page.getByRole('heading', { name: 'Join Gulf Build Contracting' }).waitFor();
    await expectAccessible(colleague.page);
    await expectNoHorizontalScroll(colleague.page);
    // Through Sign In, then the Create Account tab: the invitation goes along, and an account made there without a
    // type comes back to it (not to the account-type choice).
    await colleague.page.getByRole('link', { name: 'Sign In' }).click();
    await colleague.page.waitForURL('**/login?invite=*');
    await colleague.page.getByRole('link', { name: 'Create Account' }).click();
    await colleague.page.waitForURL('**/signup?invite=*');
    // The invited address is in the form already: only an account with it can join.
    await expect.poll(() => colleague.page.getByLabel('E-mail').inputValue()).toBe(colleagueEmail);
    await colleague.page.getByLabel('Password', { exact: true }).fill('a good long password');
    await colleague.page.getByRole('button', { name: 'Create Account' }).click();
    await colleague.page.getByRole('button', { name: 'Join Gulf Build Contracting' }).click();
    await waitForToast(colleague.page, 'Welcome to Gulf Build Contracting.');
    await colleague.page.getByRole('heading', { name: 'Job Seeker Database' }).waitFor();

    // The owner's shortlist and note, with who wrote it.
    const shortlistHidden = await recordPageHidden(colleague.page);
    await colleague.page.goto(`${server.baseUrl}/dashboard/shortlist`);
    await colleague.page.getByText('Call about the night shift.').waitFor();
    await colleague.page.getByText(`Written by ${owner.email}.`).waitFor();
    expect(await shortlistHidden()).toEqual([]);

    // Removed by the owner: the colleague's next request is signed out.
    await owners.page.reload();
    await team.getByRole('button', { name: `Remove ${colleagueEmail}` }).click();
    await team.getByRole('button', { name: `Yes, remove ${colleagueEmail} from the team` }).click();
    await waitForToast(owners.page, `${colleagueEmail} is removed from the team and signed out.`);
    const after = await colleague.page.request.get(`${server.baseUrl}/api/shortlist`);
    expect(after.status()).toBe(401);

    expect(owners.problems).toEqual([]);
    expect(colleague.problems).toEqual([]);
    await owners.context.close();
    await colleague.context.close();
  });
});
