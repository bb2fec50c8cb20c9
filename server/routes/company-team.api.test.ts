// Team seats: the owner invites colleagues within the plan's seats; an invitee accepts once, with the invited address,
// and works in the same company (its shortlist and notes, each with its author); members do not see the bills; a
// removed colleague is signed out at once; one company's people never reach another's.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, candidateEvents, companyInvitations, companyMembers, companyProfiles, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readEmailLink } from '../test/emails.ts';
import { approvedJobSeeker, paidCompany, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let admin: Agent;
let seekerProfileId: string;

/** An owner whose company is paid and active, on the given plan. */
const activeCompany = (plan: 'monthly' | 'quarterly' | 'annual', name = 'Gulf Build Contracting') =>
  paidCompany(testApp, admin, { companyName: name, contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', subscriptionPlan: plan }, 'FT-TEAM');

/** The link of the last invitation e-mailed to `email`. */
async function invitationToken(email: string) {
  return new URL(await readEmailLink(db(), email, 'team_invitation', '/invite')).searchParams.get('token')!;
}

/** A new account with no role yet, signed in with `email`. */
async function newAccount(email: string) {
  const agent = request.agent(testApp.app).set('X-Forwarded-For', `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
  await agent.post('/api/auth/signup').send({ email, password: 'long enough 1' }).expect(201);
  return agent;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
  seekerProfileId = (await approvedJobSeeker(testApp, admin, { fullName: 'Joseph Mwangi' })).profile.id;
});
afterAll(() => testApp.close());

describe('a team', () => {
  it('invites within the seats, joins by the link, shares the shortlist with each note’s author, and ends a removed colleague’s sessions', async () => {
    const owner = await activeCompany('monthly');
    await owner.agent.put(`/api/shortlist/${seekerProfileId}`).send({ note: 'Call about the night shift.' }).expect(200);

    const email = uniqueEmail('colleague');
    const invited = await owner.agent.post('/api/company/invitations').send({ email: email.toUpperCase() }).expect(201);
    expect(invited.body).toMatchObject({ email: email.toLowerCase(), role: 'member' });
    // Monthly: two seats, the owner and this invitation.
    const full = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('third') }).expect(409);
    expect(full.body).toMatchObject({
      code: 'team.no_seats',
      message: 'Your plan has 2 seats, and they are all taken. Remove a colleague or an invitation first, or choose a larger plan.',
    });

    const token = await invitationToken(email.toLowerCase());
    const preview = await request(testApp.app).post('/api/invitations/preview').send({ token }).expect(200);
    expect(preview.body).toMatchObject({ companyName: 'Gulf Build Contracting', email: email.toLowerCase() });

    const colleague = await newAccount(email);
    expect((await colleague.get('/api/auth/user').expect(200)).body.emailVerified).toBe(false);
    expect((await colleague.post('/api/invitations/accept').send({ token }).expect(200)).body).toEqual({ companyName: 'Gulf Build Contracting' });
    const me = await colleague.get('/api/auth/user').expect(200);
    // Joining agreed to the privacy policy and terms (the invitation page says so): nothing is asked before the work.
    // The link came to the address, so the address is confirmed by following it, and the password counts.
    expect(me.body).toMatchObject({ role: 'company', companyRole: 'member', company: { id: owner.companyId, hasAccess: true }, consentNeeded: false, emailVerified: true });
    const [joined] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
    expect(joined!.passwordSetAfterProof).toBe(true);

    // The same shortlist, the note with who wrote it; the colleague's own note shows them.
    const shared = await colleague.get('/api/shortlist').expect(200);
    expect(shared.body.items[0]).toMatchObject({ id: seekerProfileId, note: 'Call about the night shift.', noteBy: owner.email });
    await colleague.put(`/api/shortlist/${seekerProfileId}`).send({ note: 'Called: starts Sunday.' }).expect(200);
    expect((await owner.agent.get('/api/shortlist').expect(200)).body.items[0]).toMatchObject({ note: 'Called: starts Sunday.', noteBy: email.toLowerCase() });
    // Contacts are recorded per person.
    await colleague.post(`/api/candidates/${seekerProfileId}/contact`).send({ channel: 'whatsapp' }).expect(204);
    const [colleagueRow] = await db().select().from(users).where(eq(users.email, email.toLowerCase()));
    const contacts = await db().select().from(candidateEvents).where(and(eq(candidateEvents.companyId, owner.companyId), eq(candidateEvents.type, 'contact')));
    expect(contacts.map((c) => c.userId)).toEqual([colleagueRow!.id]);

    // A member sees the team but not the bills.
    const team = await colleague.get('/api/company/team').expect(200);
    expect(team.body).toMatchObject({ seats: 2, used: 2 });
    expect(team.body.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    const account = await colleague.get('/api/company/profile').expect(200);
    expect(account.body).toMatchObject({ billing: false, invoices: [] });
    await colleague.get(`/api/company/invoices/${owner.invoiceId}`).expect(404);
    expect((await colleague.post('/api/company/renewal').send({}).expect(403)).body.code).toBe('team.billing_hidden');
    expect((await colleague.post('/api/company/invitations').send({ email: uniqueEmail('x') }).expect(403)).body.code).toBe('team.owner_only');

    // Removed: the next request is signed out.
    await colleague.delete(`/api/company/members/${owner.id}`).expect(403);
    await owner.agent.delete(`/api/company/members/${colleagueRow!.id}`).expect(204);
    await colleague.get('/api/shortlist').expect(401);
    const audit = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, owner.companyId), eq(auditLog.action, 'team.remove')));
    expect(audit).toHaveLength(1);
  });

  it('refuses a used, an expired, a withdrawn invitation, and one for another address', async () => {
    const owner = await activeCompany('annual');
    const emails = [uniqueEmail('used'), uniqueEmail('expired'), uniqueEmail('revoked')];
    const invitations = [];
    for (const email of emails) invitations.push((await owner.agent.post('/api/company/invitations').send({ email }).expect(201)).body);
    const [usedToken, expiredToken, revokedToken] = await Promise.all(emails.map(invitationToken));

    const first = await newAccount(emails[0]!);
    await first.post('/api/invitations/accept').send({ token: usedToken }).expect(200);
    const again = await first.post('/api/invitations/accept').send({ token: usedToken }).expect(400);
    expect(again.body).toEqual({ code: 'team.invitation_invalid', message: 'This invitation link has expired, was withdrawn or was already used. Please ask for a new one.' });

    await db().update(companyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(companyInvitations.id, invitations[1].id));
    const late = await newAccount(emails[1]!);
    expect((await late.post('/api/invitations/accept').send({ token: expiredToken }).expect(400)).body.code).toBe('team.invitation_invalid');
    await request(testApp.app).post('/api/invitations/preview').send({ token: expiredToken }).expect(400);

    await owner.agent.delete(`/api/company/invitations/${invitations[2].id}`).expect(204);
    const withdrawn = await newAccount(emails[2]!);
    expect((await withdrawn.post('/api/invitations/accept').send({ token: revokedToken }).expect(400)).body.code).toBe('team.invitation_invalid');

    const other = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('meant') }).expect(201);
    const stranger = await newAccount(uniqueEmail('stranger'));
    const token = await invitationToken(other.body.email);
    const wrong = await stranger.post('/api/invitations/accept').send({ token }).expect(403);
    expect(wrong.body.message).toBe(`This invitation is for ${other.body.email}. Please sign in with that address.`);
    // Not used up by the stranger's try.
    await request(testApp.app).post('/api/invitations/preview').send({ token }).expect(200);
  });

  it("never lets one company's people reach another's shortlist, invoices or members", async () => {
    const a = await activeCompany('quarterly', 'Company A');
    const b = await activeCompany('quarterly', 'Company B');
    await b.agent.put(`/api/shortlist/${seekerProfileId}`).send({ note: 'B only' }).expect(200);
    const email = uniqueEmail('bmember');
    await b.agent.post('/api/company/invitations').send({ email }).expect(201);
    const bMember = await newAccount(email);
    await bMember.post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(200);
    const [bMemberRow] = await db().select().from(users).where(eq(users.email, email));

    expect((await a.agent.get('/api/shortlist').expect(200)).body.items).toEqual([]);
    await a.agent.get(`/api/company/invoices/${b.invoiceId}`).expect(404);
    const team = await a.agent.get('/api/company/team').expect(200);
    expect(team.body.members.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
    await a.agent.delete(`/api/company/members/${bMemberRow!.id}`).expect(404);
    await a.agent.post(`/api/company/members/${bMemberRow!.id}/role`).send({ role: 'admin' }).expect(404);
    // B's member cannot accept an invitation to A while in B.
    await a.agent.post('/api/company/invitations').send({ email }).expect(201);
    expect((await bMember.post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(409)).body.code).toBe('team.already_in_company');
    expect((await bMember.get('/api/shortlist').expect(200)).body.items[0]).toMatchObject({ note: 'B only' });
  });

  it('makes a colleague an admin who sees the bills, and hands the company over', async () => {
    const owner = await activeCompany('annual');
    const email = uniqueEmail('admin');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    const colleague = await newAccount(email);
    await colleague.post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(200);
    const [row] = await db().select().from(users).where(eq(users.email, email));
    await owner.agent.post(`/api/company/members/${row!.id}/role`).send({ role: 'boss' }).expect(400);
    await owner.agent.post(`/api/company/members/${row!.id}/role`).send({ role: 'admin' }).expect(204);
    expect((await colleague.get('/api/company/profile').expect(200)).body).toMatchObject({ billing: true, invoices: [{ id: owner.invoiceId }] });

    await owner.agent.post('/api/company/owner').send({ userId: row!.id }).expect(204);
    const team = (await colleague.get('/api/company/team').expect(200)).body;
    expect(team.members.map((m: { userId: string; role: string }) => [m.userId, m.role])).toEqual([
      [row!.id, 'owner'],
      [owner.id, 'admin'],
    ]);
    await owner.agent.delete(`/api/company/members/${row!.id}`).expect(403);
  });

  it('refuses what would put an account in two companies, even at once, and invitations from an unpaid company', async () => {
    const a = await activeCompany('annual', 'Company A');
    const b = await activeCompany('annual', 'Company B');
    const email = uniqueEmail('twice');
    await a.agent.post('/api/company/invitations').send({ email }).expect(201);
    const tokenA = await invitationToken(email);
    await b.agent.post('/api/company/invitations').send({ email }).expect(201);
    const tokenB = await invitationToken(email);
    const person = await newAccount(email);
    const answers = await Promise.all([tokenA, tokenB].map((token) => person.post('/api/invitations/accept').send({ token })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.status === 409)!.body.code).toBe('team.already_in_company');

    // A colleague cannot set up a company of their own besides.
    const own = await person
      .post('/api/company/profile')
      .send({ companyName: 'Own Co', contactPerson: 'Me', phone: '+971 4 123 4567', email: uniqueEmail('own'), subscriptionPlan: 'monthly' })
      .expect(409);
    expect(own.body.code).toBe('team.already_in_company');

    // Not paid yet: no invitations in the company's name.
    const unpaid = await signedInAgent(testApp, { role: 'company' });
    await unpaid.agent
      .post('/api/company/profile')
      .send({ companyName: 'Unpaid Co', contactPerson: 'Me', phone: '+971 4 123 4567', email: uniqueEmail('unpaid'), subscriptionPlan: 'annual' })
      .expect(201);
    const refused = await unpaid.agent.post('/api/company/invitations').send({ email: uniqueEmail('spam') }).expect(409);
    expect(refused.body).toMatchObject({ code: 'team.pay_first', message: 'You can invite colleagues once your first payment is verified.' });
  });

  it('lets an admin invite members but not make admins', async () => {
    const owner = await activeCompany('annual');
    const email = uniqueEmail('anadmin');
    await owner.agent.post('/api/company/invitations').send({ email, role: 'admin' }).expect(201);
    const adminColleague = await newAccount(email);
    await adminColleague.post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(200);
    expect((await adminColleague.post('/api/company/invitations').send({ email: uniqueEmail('x'), role: 'admin' }).expect(403)).body.code).toBe('team.owner_only');
    await adminColleague.post('/api/company/invitations').send({ email: uniqueEmail('y') }).expect(201);
  });
});

describe('a team whose company is suspended or lapsed', () => {
  it('sends no invitation, and its invitee cannot join, once the company is suspended; its open invitations are withdrawn', async () => {
    const owner = await activeCompany('annual');
    const email = uniqueEmail('before-suspension');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    const token = await invitationToken(email);

    await admin.agent.post(`/api/admin/companies/${owner.companyId}/suspend`).expect(200);
    const [withdrawn] = await db().select().from(companyInvitations).where(eq(companyInvitations.email, email));
    expect(withdrawn!.revokedAt).not.toBeNull();
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.subjectId, owner.companyId), eq(auditLog.action, 'company.suspend')));
    expect(audit!.details).toMatchObject({ withdrawnInvitations: [email] });

    const refused = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('after-suspension') }).expect(403);
    expect(refused.body).toMatchObject({ code: 'team.company_inactive', message: "Your company's access has ended or is suspended. You can invite colleagues again once it is renewed." });
    const invitee = await newAccount(email);
    expect((await invitee.post('/api/invitations/accept').send({ token }).expect(400)).body.code).toBe('team.invitation_invalid');
    // The refused invitation was not stored (nor e-mailed): the company has only the withdrawn one.
    expect(await db().select().from(companyInvitations).where(eq(companyInvitations.companyId, owner.companyId))).toHaveLength(1);
  });

  it('sends no invitation once the subscription has ended, and an invitation sent before cannot be accepted', async () => {
    const owner = await activeCompany('annual');
    const email = uniqueEmail('before-lapse');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    const token = await invitationToken(email);
    await db().update(companyProfiles).set({ subscriptionEndDate: new Date(Date.now() - 60_000) }).where(eq(companyProfiles.id, owner.companyId));

    const refused = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('after-lapse') }).expect(403);
    expect(refused.body.code).toBe('team.company_inactive');
    const invitee = await newAccount(email);
    const notJoined = await invitee.post('/api/invitations/accept').send({ token }).expect(403);
    expect(notJoined.body).toMatchObject({
      code: 'team.invitation_company_inactive',
      message: "This company's access has ended or is suspended, so it cannot add colleagues now. Please ask the person who invited you.",
    });
    expect((await invitee.get('/api/auth/user').expect(200)).body.company).toBeNull();
  });
});

describe('seats after a smaller plan', () => {
  it('refuses a renewal to a plan smaller than the team, until colleagues or invitations are removed', async () => {
    const owner = await activeCompany('quarterly');
    const email = uniqueEmail('second');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    await (await newAccount(email)).post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(200);
    const open = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('third') }).expect(201);

    // Quarterly: 3 seats, all taken (owner, colleague, invitation). Monthly has 2.
    const refused = await owner.agent.post('/api/company/renewal').send({ plan: 'monthly' }).expect(409);
    expect(refused.body).toMatchObject({
      code: 'company.renewal_team_too_large',
      params: { seats: 2, used: 3 },
      message: 'This plan has 2 seats, and your team takes 3, open invitations included. Remove colleagues or invitations first, or choose a larger plan.',
    });
    // The account says how many seats each plan has and how many the team takes, for the renewal form.
    expect((await owner.agent.get('/api/company/profile').expect(200)).body.team).toEqual({ used: 3, seats: { monthly: 2, quarterly: 3, annual: 5 } });

    await owner.agent.delete(`/api/company/invitations/${open.body.id}`).expect(204);
    const renewal = await owner.agent.post('/api/company/renewal').send({ plan: 'monthly' }).expect(201);
    expect(renewal.body.invoice.plan).toBe('monthly');
  });

  it('while a renewal to a smaller plan is unpaid, the team cannot grow past it, and an invitation accepted later is re-counted', async () => {
    const owner = await activeCompany('quarterly');
    const email = uniqueEmail('waiting');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    const token = await invitationToken(email);
    // Owner and one open invitation: 2 of monthly's 2 seats. The renewal to monthly is allowed...
    await owner.agent.post('/api/company/renewal').send({ plan: 'monthly' }).expect(201);
    // ...and from now on the team has monthly's seats: no third person.
    expect((await owner.agent.get('/api/company/team').expect(200)).body).toMatchObject({ seats: 2, used: 2 });
    const full = await owner.agent.post('/api/company/invitations').send({ email: uniqueEmail('fourth') }).expect(409);
    expect(full.body).toMatchObject({ code: 'team.no_seats', params: { seats: 2 } });

    // A seat taken meanwhile some other way (an earlier invitation of a bigger plan): accepting re-checks under the lock.
    const other = uniqueEmail('other');
    const [company] = await db().select().from(companyProfiles).where(eq(companyProfiles.id, owner.companyId));
    const [otherAccount] = await db().insert(users).values({ email: other, role: 'company' }).returning();
    await db().insert(companyMembers).values({ companyId: company!.id, userId: otherAccount!.id, role: 'member' });
    const invitee = await newAccount(email);
    const refused = await invitee.post('/api/invitations/accept').send({ token }).expect(409);
    expect(refused.body).toMatchObject({ code: 'team.invitation_no_seats', message: 'This team has no free seat now. Please ask the person who invited you.' });
    expect((await invitee.get('/api/auth/user').expect(200)).body.company).toBeNull();
  });
});

describe('a removed colleague', () => {
  it('loses the reset and confirmation links sent before the removal, with every session', async () => {
    const owner = await activeCompany('annual');
    const email = uniqueEmail('leaving');
    await owner.agent.post('/api/company/invitations').send({ email }).expect(201);
    const colleague = await newAccount(email);
    await colleague.post('/api/invitations/accept').send({ token: await invitationToken(email) }).expect(200);
    await request(testApp.app).post('/api/auth/forgot-password').send({ email }).expect(202);
    const reset = new URL(await readEmailLink(db(), email, 'reset_password', '/reset-password')).searchParams.get('token')!;
    const verify = new URL(await readEmailLink(db(), email, 'verify_email', '/verify-email')).searchParams.get('token')!;

    const [member] = await db().select().from(users).where(eq(users.email, email));
    await owner.agent.delete(`/api/company/members/${member!.id}`).expect(204);
    expect((await colleague.get('/api/auth/user')).status).toBe(401);
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token: reset, password: 'taken over' })).body.code).toBe('auth.reset_link_used');
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token: verify, password: 'taken over' })).body.code).toBe('auth.verify_link_used');
  });
});
