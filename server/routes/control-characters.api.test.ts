// Control characters in text (a NUL, which PostgreSQL refuses in text, and others no field holds): every text
// input of every endpoint answers 400 with the field's own message, as the role that may call it, and nothing is
// written. Multi-line fields keep their line breaks and tabs.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { careerApplications, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany as companyWithSubscription, jobSeekerWithProfile, mp4, PDF, PROFILE, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail, uploadCv, uploadVideo } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

let anonymous: request.Agent;
let admin: Agent;
let seeker: Agent & { cvUrl: string; videoUrl: string };
let seekerWithProfile: Awaited<ReturnType<typeof jobSeekerWithProfile>>;
let newCompany: Agent;
let activeCompany: Agent;
let resumeUrl: string;
let companyId: string;
let invoiceId: string;
let approvedProfileId: string;

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  anonymous = request.agent(testApp.app).set('X-Forwarded-For', '203.0.113.7');
  admin = await signedInAgent(testApp, { admin: true });

  const seekerAccount = await signedInAgent(testApp, { role: 'job_seeker' });
  const cvUrl = await uploadCv(seekerAccount.agent);
  const videoUrl = (await uploadVideo(seekerAccount.agent)).body.videoUrl as string;
  seeker = { ...seekerAccount, cvUrl, videoUrl };
  seekerWithProfile = await jobSeekerWithProfile(testApp);

  const approved = await jobSeekerWithProfile(testApp);
  await db().update(users).set({ status: 'active' }).where(eq(users.id, approved.id));
  approvedProfileId = approved.profile.id;

  newCompany = await signedInAgent(testApp, { role: 'company' });
  const billed = await signedInAgent(testApp, { role: 'company' });
  const onboarded = await billed.agent.post('/api/company/profile').send(COMPANY);
  expect(onboarded.status).toBe(201);
  companyId = onboarded.body.company.id;
  invoiceId = onboarded.body.invoice.id;

  activeCompany = await companyWithSubscription(testApp, { companyName: 'Gulf Hotels' });
  resumeUrl = await readyResume();
});
afterAll(() => testApp.close());

/** A careers resume, uploaded and checked, that no application has used yet. */
async function readyResume(): Promise<string> {
  const created = await anonymous.post('/api/career/resume-upload').expect(200);
  await anonymous.put(created.body.uploadURL).set('Content-Type', 'application/pdf').send(PDF).expect(200);
  return (await anonymous.put('/api/career/resume-acl').send({ objectURL: created.body.uploadURL }).expect(200)).body.objectPath;
}

const COMPANY = {
  companyName: 'Desert Rose Hotels',
  contactPerson: 'Layla Mansour',
  phone: '+971 55 123 4567',
  email: 'billing@desertrose.example',
  subscriptionPlan: 'monthly',
};

/** Everything a request could write (sessions and rate-limit counters aside), as one fingerprint. */
const WRITTEN = [
  'users',
  'job_seeker_profiles',
  'company_profiles',
  'invoices',
  'invoice_counters',
  'objects',
  'career_applications',
  'email_outbox',
  'audit_log',
  'candidate_events',
  'shortlists',
  'auth_tokens',
];
async function fingerprint(): Promise<string> {
  const parts = WRITTEN.map((table) => sql`(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(table)} t)`);
  const { rows } = await db().execute<{ fingerprint: string }>(sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as fingerprint`);
  return rows[0]!.fingerprint;
}

type Caller = () => request.Agent;
interface Endpoint {
  name: string;
  as: Caller;
  send: (agent: request.Agent, field: string, value: string) => request.Test;
  /** Each text field: a valid value (the control character goes into its middle) and the message expected. */
  fields: Record<string, [string, string]>;
}

const json =
  (method: 'post' | 'put' | 'patch', path: () => string, body: () => Record<string, unknown>) =>
  (agent: request.Agent, field: string, value: string) =>
    agent[method](path()).send({ ...body(), [field]: value });
const query = (path: string, base: Record<string, string> = {}) => (agent: request.Agent, field: string, value: string) =>
  agent.get(path).query({ ...base, [field]: value });

const EMAIL_MESSAGE = 'E-mail address must not contain control characters';
const PHONE_MESSAGE = 'Phone number must not contain control characters';

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/auth/signup',
    as: () => anonymous,
    send: json('post', () => '/api/auth/signup', () => ({ email: uniqueEmail('nul'), password: 'long enough 1', firstName: 'Amina', lastName: 'Yusuf', role: 'job_seeker' })),
    fields: {
      email: ['amina@example.com', EMAIL_MESSAGE],
      password: ['long enough 1', 'Password must not contain control characters'],
      firstName: ['Amina', 'First name must not contain control characters'],
      lastName: ['Yusuf', 'Last name must not contain control characters'],
    },
  },
  {
    name: 'POST /api/auth/login',
    as: () => anonymous,
    send: json('post', () => '/api/auth/login', () => ({ email: seeker.email, password: 'long enough 1' })),
    fields: { email: ['amina@example.com', EMAIL_MESSAGE] },
  },
  {
    name: 'POST /api/auth/forgot-password',
    as: () => anonymous,
    send: json('post', () => '/api/auth/forgot-password', () => ({ email: seeker.email })),
    fields: { email: ['amina@example.com', EMAIL_MESSAGE] },
  },
  {
    name: 'POST /api/auth/reset-password',
    as: () => anonymous,
    send: json('post', () => '/api/auth/reset-password', () => ({ token: 'a'.repeat(43), password: 'a new password' })),
    fields: {
      token: ['a'.repeat(43), 'This link is not valid'],
      password: ['a new password', 'Password must not contain control characters'],
    },
  },
  {
    name: 'POST /api/auth/verify-email',
    as: () => anonymous,
    send: json('post', () => '/api/auth/verify-email', () => ({})),
    fields: { token: ['a'.repeat(43), 'This link is not valid'] },
  },
  {
    name: 'PUT /api/career/resume-acl',
    as: () => anonymous,
    send: json('put', () => '/api/career/resume-acl', () => ({})),
    fields: { objectURL: ['/api/uploads/abc.def', 'objectURL must not contain control characters'] },
  },
  {
    name: 'POST /api/career-application',
    as: () => anonymous,
    send: json('post', () => '/api/career-application', () => ({
      name: 'Amina Khan',
      email: 'amina@example.com',
      phone: '+971 50 123 4567',
      linkedinUrl: 'https://www.linkedin.com/in/amina-khan',
      message: 'I would like to join the support team.',
      resumeUrl,
    })),
    fields: {
      name: ['Amina Khan', 'Name must not contain control characters'],
      email: ['amina@example.com', EMAIL_MESSAGE],
      phone: ['+971 50 123 4567', PHONE_MESSAGE],
      linkedinUrl: ['https://www.linkedin.com/in/amina-khan', 'LinkedIn profile URL must not contain control characters'],
      message: ['I would like to join the support team.', 'Message must not contain control characters'],
      resumeUrl: ['/objects/resume/00000000-0000-4000-8000-000000000000', 'Resume must not contain control characters'],
    },
  },
  {
    name: 'PUT /api/objects/acl',
    as: () => seeker.agent,
    send: json('put', () => '/api/objects/acl', () => ({})),
    fields: { objectURL: ['/api/uploads/abc.def', 'objectURL must not contain control characters'] },
  },
  {
    name: 'POST /api/job-seeker/profile',
    as: () => seeker.agent,
    send: json('post', () => '/api/job-seeker/profile', () => ({ ...PROFILE, cvUrl: seeker.cvUrl, videoUrl: seeker.videoUrl })),
    fields: {
      fullName: ['Amina Yusuf', 'Full name must not contain control characters'],
      phone: ['+971 50 123 4567', PHONE_MESSAGE],
      bio: ['Front desk and guest relations.', 'Introduction must not contain control characters'],
      cvUrl: ['/objects/cv/00000000-0000-4000-8000-000000000000', 'cvUrl must not contain control characters'],
      videoUrl: ['/objects/video/00000000-0000-4000-8000-000000000000', 'videoUrl must not contain control characters'],
    },
  },
  {
    name: 'PATCH /api/job-seeker/profile',
    as: () => seekerWithProfile.agent,
    send: json('patch', () => '/api/job-seeker/profile', () => ({})),
    fields: {
      fullName: ['Amina Yusuf', 'Full name must not contain control characters'],
      phone: ['+971 50 123 4567', PHONE_MESSAGE],
      bio: ['Front desk and guest relations.', 'Introduction must not contain control characters'],
      cvUrl: ['/objects/cv/00000000-0000-4000-8000-000000000000', 'cvUrl must not contain control characters'],
      videoUrl: ['/objects/video/00000000-0000-4000-8000-000000000000', 'videoUrl must not contain control characters'],
    },
  },
  {
    name: 'POST /api/company/profile',
    as: () => newCompany.agent,
    send: json('post', () => '/api/company/profile', () => COMPANY),
    fields: {
      companyName: ['Desert Rose Hotels', 'Company name must not contain control characters'],
      contactPerson: ['Layla Mansour', 'Contact person must not contain control characters'],
      phone: ['+971 55 123 4567', PHONE_MESSAGE],
      email: ['billing@desertrose.example', EMAIL_MESSAGE],
    },
  },
  {
    name: 'PUT /api/shortlist/:profileId',
    as: () => activeCompany.agent,
    send: json('put', () => `/api/shortlist/${approvedProfileId}`, () => ({})),
    fields: { note: ['Call on Sunday', 'The note must not contain control characters'] },
  },
  {
    name: 'GET /api/candidates',
    as: () => activeCompany.agent,
    send: query('/api/candidates'),
    fields: { q: ['hotel reception', 'The search must not contain control characters'] },
  },
  {
    name: 'POST /api/admin/profiles/:id/reject',
    as: () => admin.agent,
    send: json('post', () => `/api/admin/profiles/${seekerWithProfile.profile.id}/reject`, () => ({ reasons: ['video_person_or_voice'] })),
    fields: { note: ['The video does not show your face.', 'Note must not contain control characters'] },
  },
  {
    name: 'POST /api/admin/companies/:id/verify-payment',
    as: () => admin.agent,
    send: json('post', () => `/api/admin/companies/${companyId}/verify-payment`, () => ({ invoiceId })),
    fields: { bankReference: ['FT26031ABC77', 'Bank reference must not contain control characters'] },
  },
  {
    name: 'GET /api/admin/companies',
    as: () => admin.agent,
    send: query('/api/admin/companies'),
    fields: { q: ['desert', 'The search must not contain control characters'] },
  },
  {
    name: 'GET /api/admin/users',
    as: () => admin.agent,
    send: query('/api/admin/users'),
    fields: { q: ['amina', 'The search must not contain control characters'] },
  },
  {
    name: 'GET /api/admin/emails',
    as: () => admin.agent,
    send: query('/api/admin/emails'),
    fields: { q: ['amina', 'The search must not contain control characters'] },
  },
  {
    name: 'GET /api/admin/audit',
    as: () => admin.agent,
    send: query('/api/admin/audit'),
    fields: {
      action: ['profile.approve', 'action must not contain control characters'],
      actorId: ['00000000-0000-4000-8000-000000000000', 'actorId must not contain control characters'],
      subjectType: ['profile', 'subjectType must not contain control characters'],
      subjectId: ['00000000-0000-4000-8000-000000000000', 'subjectId must not contain control characters'],
    },
  },
  {
    name: 'POST /api/video/upload',
    as: () => seeker.agent,
    send: (agent, field, value) =>
      agent
        .post('/api/video/upload')
        .field({ title: 'Amina Yusuf', description: 'Introduction video', [field]: value })
        .attach('video', mp4(), { filename: 'intro.mp4', contentType: 'video/mp4' }),
    fields: {
      title: ['Amina Yusuf', 'Title must not contain control characters'],
      description: ['Introduction video', 'Description must not contain control characters'],
    },
  },
];

// NUL (PostgreSQL's refusal), ESC (C0), DEL, and NEL (C1).
const CONTROL = { NUL: '\u0000', ESC: '\u001b', DEL: '\u007f', NEL: '\u0085' };
const withControl = (value: string, control: string) => `${value.slice(0, 3)}${control}${value.slice(3)}`;

describe('a control character in a text field is a 400 with the field message, and nothing is written', () => {
  const cases = endpoints.flatMap((endpoint) =>
    Object.entries(endpoint.fields).flatMap(([field, [valid, message]]) =>
      Object.entries(CONTROL).map(([name, control]) => ({ title: `${endpoint.name} ${field} with ${name}`, endpoint, field, valid, message, control })),
    ),
  );

  it.each(cases)('$title', async ({ endpoint, field, valid, message, control }) => {
    const before = await fingerprint();
    const res = await endpoint.send(endpoint.as(), field, withControl(valid, control));
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    expect(await fingerprint()).toBe(before);
  });
});

describe('multi-line fields keep line breaks and tabs', () => {
  const lines = 'First line\n\tindented\r\nlast line';

  it('the introduction', async () => {
    const res = await seekerWithProfile.agent.patch('/api/job-seeker/profile').send({ bio: lines });
    expect(res.status).toBe(200);
    expect(res.body.bio).toBe(lines);
  });

  it('the shortlist note', async () => {
    const res = await activeCompany.agent.put(`/api/shortlist/${approvedProfileId}`).send({ note: lines });
    expect(res.status).toBe(200);
    expect(res.body.note).toBe(lines);
  });

  it('the careers message', async () => {
    const res = await anonymous.post('/api/career-application').send({ name: 'Amina Khan', email: 'amina@example.com', message: lines, resumeUrl: await readyResume() });
    expect(res.status).toBe(201);
    const [stored] = await db().select().from(careerApplications).where(eq(careerApplications.id, res.body.id));
    expect(stored!.message).toBe(lines);
  });

  it('but not a one-line field', async () => {
    const res = await seekerWithProfile.agent.patch('/api/job-seeker/profile').send({ fullName: 'Amina\nYusuf' });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'Full name must not contain control characters' });
  });
});

describe('route parameters', () => {
  const cases: [string, () => request.Test][] = [
    ['GET /objects/cv/%00', () => seeker.agent.get('/objects/cv/%00')],
    ['GET /objects/%00/x', () => seeker.agent.get('/objects/%00/x')],
    ['PUT /api/uploads/%00', () => seeker.agent.put('/api/uploads/%00').send('x')],
    ['GET /api/candidates/%00', () => activeCompany.agent.get('/api/candidates/%00')],
    ['GET /api/company/invoices/%00', () => newCompany.agent.get('/api/company/invoices/%00')],
    ['GET /api/admin/companies/%00', () => admin.agent.get('/api/admin/companies/%00')],
    ['GET /api/admin/profiles/%00', () => admin.agent.get('/api/admin/profiles/%00')],
    ['POST /api/admin/users/%00/suspend', () => admin.agent.post('/api/admin/users/%00/suspend')],
    ['GET /api/admin/emails/%00', () => admin.agent.get('/api/admin/emails/%00')],
  ];
  it.each(cases)('a NUL in %s is a 4xx, never a 500', async (_name, send) => {
    const before = await fingerprint();
    const res = await send();
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await fingerprint()).toBe(before);
  });
});
