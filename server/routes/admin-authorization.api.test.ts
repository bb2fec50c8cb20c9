// Who may call the admin API: every /api/admin route of the app, listed once below (and checked against the routes
// the app really has), answers 401 to anonymous callers and 403 to job seekers and companies, changing nothing; an
// administrator gets its 2xx, each action with exactly one audit row for its subject.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, careerApplications, companyProfiles, companyReports, emailOutbox, salesRequests, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { approveProfile, jobSeekerWithProfile, onboardedCompany, paidCompany, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';
import { declaredRoutes } from '../test/routes.ts';
import { keptBackup } from '../test/backup-archives.ts';

type Agent = request.Agent | ReturnType<typeof request>;

/** The subjects the admin's calls act on: each action has one of its own, in the state the action needs. */
interface World {
  pendingProfile: string;
  profileToReject: string;
  companyToVerify: { id: string; invoiceId: string };
  companyToSuspend: string;
  suspendedCompany: string;
  paidCompany: string;
  application: string;
  salesRequest: string;
  profileWithFacts: string;
  profileWithChangedFacts: { id: string; version: number };
  userToSuspend: string;
  suspendedUser: string;
  userToGrant: string;
  userToDelete: string;
  email: string;
  failedEmail: string;
  companyToCheck: string;
  reportToOpen: string;
  reportToAnswer: string;
  backup: string;
}

interface AdminRoute {
  method: 'get' | 'post';
  /** The route as the app declares it. */
  path: string;
  url: (w: World) => string;
  body?: (w: World) => object;
  /** What an administrator gets with a valid subject. */
  status: 200 | 201 | 202;
  /** The audit row an administrator's call writes. */
  audit?: { action: string; subject: (w: World) => string };
}

const ROUTES: AdminRoute[] = [
  { method: 'get', path: '/api/admin/profiles', url: () => '/api/admin/profiles?status=pending', status: 200 },
  { method: 'get', path: '/api/admin/profiles/:id', url: (w) => `/api/admin/profiles/${w.pendingProfile}`, status: 200 },
  { method: 'get', path: '/api/admin/profiles/:id/neighbours', url: (w) => `/api/admin/profiles/${w.pendingProfile}/neighbours`, status: 200 },
  {
    method: 'post',
    path: '/api/admin/profiles/:id/approve',
    url: (w) => `/api/admin/profiles/${w.pendingProfile}/approve`,
    body: () => ({ version: 1 }),
    status: 200,
    audit: { action: 'profile.approve', subject: (w) => w.pendingProfile },
  },
  {
    method: 'post',
    path: '/api/admin/profiles/:id/reject',
    url: (w) => `/api/admin/profiles/${w.profileToReject}/reject`,
    body: () => ({ reasons: ['video_person_or_voice'], version: 1 }),
    status: 200,
    audit: { action: 'profile.reject', subject: (w) => w.profileToReject },
  },
  {
    method: 'post',
    path: '/api/admin/profiles/:id/facts/:fact',
    url: (w) => `/api/admin/profiles/${w.profileWithFacts}/facts/visaStatus`,
    body: () => ({ verified: true, value: 'transferable' }),
    status: 200,
    audit: { action: 'profile.fact_verified', subject: (w) => w.profileWithFacts },
  },
  { method: 'get', path: '/api/admin/profiles/:id/history', url: (w) => `/api/admin/profiles/${w.profileToReject}/history`, status: 200 },
  { method: 'post', path: '/api/admin/profiles/:id/claim', url: (w) => `/api/admin/profiles/${w.profileToReject}/claim`, status: 200 },
  {
    method: 'post',
    path: '/api/admin/profiles/:id/facts-looked-at',
    url: (w) => `/api/admin/profiles/${w.profileWithChangedFacts.id}/facts-looked-at`,
    body: (w) => ({ version: w.profileWithChangedFacts.version }),
    status: 200,
    audit: { action: 'profile.facts_looked_at', subject: (w) => w.profileWithChangedFacts.id },
  },
  { method: 'get', path: '/api/admin/companies', url: () => '/api/admin/companies', status: 200 },
  { method: 'get', path: '/api/admin/payments', url: () => '/api/admin/payments?q=Gulf', status: 200 },
  { method: 'get', path: '/api/admin/companies/:id', url: (w) => `/api/admin/companies/${w.companyToVerify.id}`, status: 200 },
  {
    method: 'post',
    path: '/api/admin/companies/:id/verify-payment',
    url: (w) => `/api/admin/companies/${w.companyToVerify.id}/verify-payment`,
    body: (w) => ({ invoiceId: w.companyToVerify.invoiceId, bankReference: 'FT-AUTH-1' }),
    status: 200,
    audit: { action: 'company.verify_payment', subject: (w) => w.companyToVerify.id },
  },
  {
    method: 'post',
    path: '/api/admin/companies/:id/suspend',
    url: (w) => `/api/admin/companies/${w.companyToSuspend}/suspend`,
    status: 200,
    audit: { action: 'company.suspend', subject: (w) => w.companyToSuspend },
  },
  {
    method: 'post',
    path: '/api/admin/companies/:id/reactivate',
    url: (w) => `/api/admin/companies/${w.suspendedCompany}/reactivate`,
    status: 200,
    audit: { action: 'company.reactivate', subject: (w) => w.suspendedCompany },
  },
  {
    method: 'post',
    path: '/api/admin/companies/:id/renewal-invoice',
    url: (w) => `/api/admin/companies/${w.paidCompany}/renewal-invoice`,
    status: 201,
    audit: { action: 'company.renewal_invoice', subject: (w) => w.paidCompany },
  },
  { method: 'get', path: '/api/admin/overview', url: () => '/api/admin/overview', status: 200 },
  { method: 'get', path: '/api/admin/career-applications', url: () => '/api/admin/career-applications?reviewed=false', status: 200 },
  {
    method: 'post',
    path: '/api/admin/career-applications/:id/reviewed',
    url: (w) => `/api/admin/career-applications/${w.application}/reviewed`,
    status: 200,
    audit: { action: 'career_application.mark_reviewed', subject: (w) => w.application },
  },
  { method: 'get', path: '/api/admin/sales-requests', url: () => '/api/admin/sales-requests?handled=false', status: 200 },
  {
    method: 'post',
    path: '/api/admin/sales-requests/:id/handled',
    url: (w) => `/api/admin/sales-requests/${w.salesRequest}/handled`,
    status: 200,
    audit: { action: 'sales_request.mark_handled', subject: (w) => w.salesRequest },
  },
  { method: 'get', path: '/api/admin/users', url: () => '/api/admin/users?q=example', status: 200 },
  {
    method: 'post',
    path: '/api/admin/users/:id/suspend',
    url: (w) => `/api/admin/users/${w.userToSuspend}/suspend`,
    status: 200,
    audit: { action: 'user.suspend', subject: (w) => w.userToSuspend },
  },
  {
    method: 'post',
    path: '/api/admin/users/:id/reactivate',
    url: (w) => `/api/admin/users/${w.suspendedUser}/reactivate`,
    status: 200,
    audit: { action: 'user.reactivate', subject: (w) => w.suspendedUser },
  },
  {
    method: 'post',
    path: '/api/admin/users/:id/admin',
    url: (w) => `/api/admin/users/${w.userToGrant}/admin`,
    body: () => ({ isAdmin: true }),
    status: 200,
    audit: { action: 'admin.grant', subject: (w) => w.userToGrant },
  },
  {
    method: 'post',
    path: '/api/admin/users/:id/delete',
    url: (w) => `/api/admin/users/${w.userToDelete}/delete`,
    status: 202,
    audit: { action: 'user.delete', subject: (w) => w.userToDelete },
  },
  { method: 'get', path: '/api/admin/emails', url: () => '/api/admin/emails?status=failed', status: 200 },
  { method: 'get', path: '/api/admin/videos', url: () => '/api/admin/videos?state=failed', status: 200 },
  { method: 'get', path: '/api/admin/emails/:id', url: (w) => `/api/admin/emails/${w.email}`, status: 200 },
  {
    method: 'post',
    path: '/api/admin/emails/:id/retry',
    url: (w) => `/api/admin/emails/${w.failedEmail}/retry`,
    status: 200,
    audit: { action: 'email.retry', subject: (w) => w.failedEmail },
  },
  { method: 'get', path: '/api/admin/audit', url: () => '/api/admin/audit?from=2020-01-01', status: 200 },
  {
    method: 'post',
    path: '/api/admin/companies/:id/employer-verification',
    url: (w) => `/api/admin/companies/${w.companyToCheck}/employer-verification`,
    body: () => ({ verified: true }),
    status: 200,
    audit: { action: 'company.employer_verified', subject: (w) => w.companyToCheck },
  },
  { method: 'get', path: '/api/admin/reports', url: () => '/api/admin/reports', status: 200 },
  { method: 'get', path: '/api/admin/reports/:id', url: (w) => `/api/admin/reports/${w.reportToOpen}`, status: 200 },
  {
    method: 'post',
    path: '/api/admin/reports/:id/answer',
    url: (w) => `/api/admin/reports/${w.reportToAnswer}/answer`,
    body: () => ({ answer: 'We looked into it and suspended the company.' }),
    status: 200,
    audit: { action: 'report.answer', subject: (w) => w.companyToCheck },
  },
  { method: 'get', path: '/api/admin/system', url: () => '/api/admin/system', status: 200 },
  {
    method: 'get',
    path: '/api/admin/backups/:id/download',
    url: (w) => `/api/admin/backups/${w.backup}/download`,
    status: 200,
    audit: { action: 'backup.downloaded', subject: (w) => w.backup },
  },
];

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let seeker: Awaited<ReturnType<typeof jobSeekerWithProfile>>;
let company: Awaited<ReturnType<typeof signedInAgent>>;
let world: World;
const db = () => testApp.testDatabase.database.db;

const onboarded = () => onboardedCompany(testApp, { companyName: 'Gulf Star Logistics', contactPerson: 'Hassan Ali', phone: '+971 55 765 4321' });
const verified = () => paidCompany(testApp, admin, { companyName: 'Gulf Star Logistics', contactPerson: 'Hassan Ali', phone: '+971 55 765 4321' });

async function outboxRow(status: 'sent' | 'failed') {
  const [row] = await db()
    .insert(emailOutbox)
    .values({ toAddress: uniqueEmail('to'), subject: 'Subject', textBody: 'Text', template: 'test', status, attempts: status === 'failed' ? 6 : 1 })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
  seeker = await jobSeekerWithProfile(testApp);
  company = await signedInAgent(testApp, { role: 'company' });

  const [toApprove, toReject, toVerify, toSuspend, suspendedCompany, paid, userToSuspend, suspendedUser, userToGrant, withFacts, toCheck, userToDelete] = await Promise.all([
    jobSeekerWithProfile(testApp),
    jobSeekerWithProfile(testApp),
    onboarded(),
    onboarded(),
    verified(),
    verified(),
    signedInAgent(testApp, { role: 'job_seeker' }),
    signedInAgent(testApp, { role: 'company' }),
    signedInAgent(testApp),
    jobSeekerWithProfile(testApp, { visaStatus: 'transferable' }),
    verified(),
    signedInAgent(testApp, { role: 'job_seeker' }),
  ]);
  // An approved job seeker who then changed their visa status: the profile waits in the "facts changed" lane.
  const changedFacts = await jobSeekerWithProfile(testApp, { visaStatus: 'transferable' });
  await approveProfile(admin, changedFacts.profile.id);
  await changedFacts.agent.patch('/api/job-seeker/profile').send({ visaStatus: 'employment' }).expect(200);
  const changedVersion = (await admin.agent.get(`/api/admin/profiles/${changedFacts.profile.id}`).expect(200)).body.version as number;
  // A company whose whole trade licence is given, for the verified mark; two reports about it.
  await db()
    .update(companyProfiles)
    .set({ tradeLicenceNumber: 'CN-1357911', licenceIssuer: 'AE-DU', licenceExpiresOn: '2099-01-01', licenceDocumentKey: `licence/${randomUUID()}` })
    .where(eq(companyProfiles.id, toCheck.companyId));
  const reports = await db()
    .insert(companyReports)
    .values([0, 1].map(() => ({ companyId: toCheck.companyId, reporterId: seeker.id, reason: 'asked_for_money', details: 'They asked me to pay for the visa.' })))
    .returning({ id: companyReports.id });
  await admin.agent.post(`/api/admin/companies/${suspendedCompany.companyId}/suspend`).expect(200);
  await admin.agent.post(`/api/admin/users/${suspendedUser.id}/suspend`).expect(200);
  const [application] = await db()
    .insert(careerApplications)
    .values({ name: 'Omar Haddad', email: uniqueEmail('applicant'), resumeUrl: `/objects/resume/${randomUUID()}` })
    .returning({ id: careerApplications.id });
  const [salesRequest] = await db()
    .insert(salesRequests)
    .values({ companyName: 'Gulf Build', contactPerson: 'Huda Saleh', email: uniqueEmail('sales'), phone: '+971 4 123 4567', plan: 'annual' })
    .returning({ id: salesRequests.id });
  world = {
    pendingProfile: toApprove.profile.id,
    profileToReject: toReject.profile.id,
    companyToVerify: { id: toVerify.companyId, invoiceId: toVerify.invoiceId },
    companyToSuspend: toSuspend.companyId,
    suspendedCompany: suspendedCompany.companyId,
    paidCompany: paid.companyId,
    application: application!.id,
    salesRequest: salesRequest!.id,
    profileWithFacts: withFacts.profile.id,
    profileWithChangedFacts: { id: changedFacts.profile.id, version: changedVersion },
    userToSuspend: userToSuspend.id,
    suspendedUser: suspendedUser.id,
    userToGrant: userToGrant.id,
    userToDelete: userToDelete.id,
    email: await outboxRow('sent'),
    failedEmail: await outboxRow('failed'),
    companyToCheck: toCheck.companyId,
    reportToOpen: reports[0]!.id,
    reportToAnswer: reports[1]!.id,
    backup: (await keptBackup(testApp)).id,
  };
});
afterAll(() => testApp.close());

const call = (agent: Agent, route: AdminRoute) => {
  const req = route.method === 'get' ? agent.get(route.url(world)) : agent.post(route.url(world));
  return route.body ? req.send(route.body(world)) : req;
};

/** What an unprivileged caller must not change: the audit log, and the accounts' states. */
async function snapshot() {
  const [{ audit }] = (await db().select({ audit: sql<number>`count(*)::int` }).from(auditLog)) as [{ audit: number }];
  const accounts = await db().select({ id: users.id, status: users.status, isAdmin: users.isAdmin, version: users.sessionVersion }).from(users).orderBy(users.id);
  const emails = await db().select({ id: emailOutbox.id, status: emailOutbox.status }).from(emailOutbox).orderBy(emailOutbox.id);
  const applications = await db().select({ id: careerApplications.id, reviewedAt: careerApplications.reviewedAt }).from(careerApplications);
  return { audit, accounts, emails, applications };
}

describe('the admin API', () => {
  it('is listed in full above: every /api/admin route the app has, and nothing else', () => {
    const declared = declaredRoutes(testApp)
      .map((r) => `${r.method} ${r.path}`)
      .filter((r) => / \/api\/admin(\/|$)/.test(r));
    expect(declared.length).toBeGreaterThan(0);
    expect([...new Set(declared)].sort()).toEqual(ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort());
  });

  it.each([
    ['anonymous callers', 401, 'Please sign in to continue'],
    ['job seekers', 403, 'Only administrators can do this'],
    ['companies', 403, 'Only administrators can do this'],
  ] as const)('answers %s with %i on every route, changing nothing', async (who, status, message) => {
    const agent: Agent = who === 'anonymous callers' ? request(testApp.app) : who === 'job seekers' ? seeker.agent : company.agent;
    const before = await snapshot();
    for (const route of ROUTES) {
      const res = await call(agent, route);
      expect({ route: route.path, status: res.status, message: res.body.message }).toEqual({ route: route.path, status, message });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('gives an administrator each route’s answer, every action with exactly one audit row', async () => {
    for (const route of ROUTES) {
      const res = await call(admin.agent, route);
      expect({ route: route.path, status: res.status }).toEqual({ route: route.path, status: route.status });
    }
    for (const route of ROUTES.filter((r) => r.audit)) {
      const { action, subject } = route.audit!;
      const rows = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subjectId, subject(world))));
      expect({ route: route.path, rows: rows.length, actor: rows[0]?.actorId }).toEqual({ route: route.path, rows: 1, actor: admin.id });
    }
  });
});
