// Files and accounts that API tests build on: a minimal PDF and MP4, signed-in agents of each kind, a job seeker with a
// complete profile (approved, if asked), and companies: onboarded, paid through the API, or active straight away.
import http from 'node:http';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { LEGAL_LAST_UPDATED } from '#shared/constants.ts';
import { companyProfiles, consents, users } from '#shared/schema.ts';
import type { CompanyOnboardingInput, CompanyView, InvoiceView } from '#shared/company.ts';
import type { ProfileInput } from '#shared/profile.ts';
import type { TestApp } from './app.ts';

export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** The start of an MP4 file: an 'ftyp' box (what the server checks), then filler of the given size. */
export function mp4(bytes = 4096): Buffer {
  const ftyp = Buffer.from([0, 0, 0, 24, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2')]);
  return Buffer.concat([ftyp, Buffer.alloc(Math.max(0, bytes - ftyp.length), 0x11)]);
}

let counter = 0;
/**
 * Each agent comes from an address of its own (X-Forwarded-For), so per-address rate limits do not run out across
 * a test file. It takes effect in apps made with TRUSTED_PROXY_ENV.
 */
export const TRUSTED_PROXY_ENV = { TRUST_PROXY: 'loopback' };
const nextAddress = () => `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${process.pid}.${++counter}.${Date.now()}@example.com`;

export async function signedInAgent(testApp: TestApp, options: { role?: 'job_seeker' | 'company'; admin?: boolean; email?: string } = {}) {
  const email = options.email ?? uniqueEmail(options.role ?? 'admin');
  const agent = request.agent(testApp.app).set('X-Forwarded-For', nextAddress());
  const res = await agent.post('/api/auth/signup').send({ email, password: 'long enough 1', role: options.role });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (options.admin) await testApp.testDatabase.database.db.update(users).set({ isAdmin: true }).where(eq(users.email, email));
  const cookie = (res.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  return { agent, email, id: res.body.id as string, cookie };
}

export async function uploadCv(agent: request.Agent, body: Buffer = PDF): Promise<string> {
  const { body: created } = await agent.post('/api/objects/upload').expect(200);
  await agent.put(created.uploadURL).set('Content-Type', 'application/pdf').send(body).expect(200);
  const acl = await agent.put('/api/objects/acl').send({ objectURL: created.uploadURL }).expect(200);
  return acl.body.objectPath as string;
}

export async function uploadVideo(agent: request.Agent, body: Buffer = mp4(), filename = 'intro.mp4') {
  return agent
    .post('/api/video/upload')
    .field('title', 'Amina Yusuf')
    .field('description', 'Introduction video')
    .attach('video', body, { filename, contentType: 'video/mp4' });
}

/**
 * An upload in progress on a listening test server: `start` is sent as the beginning of a chunked body, which then
 * stays open until `finish` sends the rest (and answers the response) or `hangUp` closes the connection.
 */
export function uploadInProgress(baseUrl: string, options: { method: string; path: string; headers: Record<string, string>; start: Buffer }) {
  const req = http.request(new URL(options.path, baseUrl), {
    method: options.method,
    headers: { ...options.headers, 'transfer-encoding': 'chunked' },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
  response.catch(() => {});
  req.write(options.start);
  return {
    finish(end: Buffer = Buffer.alloc(0)) {
      req.end(end);
      return response;
    },
    hangUp: () => req.destroy(),
  };
}

/** A multipart video form for uploadInProgress: its headers, its start (with 1 MB of the video) and its end. */
export function videoFormInProgress(cookie: string) {
  const boundary = 'wazifa-video-boundary';
  return {
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    start: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="intro.mp4"\r\nContent-Type: video/mp4\r\n\r\n`),
      mp4(1024 * 1024),
    ]),
    end: Buffer.from(`\r\n--${boundary}--\r\n`),
  };
}

export const PROFILE: ProfileInput = {
  fullName: 'Amina Yusuf',
  phone: '+971 50 123 4567',
  location: 'Dubai, UAE',
  industries: ['Hospitality', 'Retail'],
  languages: ['English', 'Arabic'],
  bio: 'Front desk and guest relations, five years in Dubai hotels.',
  yearsOfExperience: 5,
};

/** A job seeker who has signed up, uploaded a CV and a video, and created a profile (pending review). */
export async function jobSeekerWithProfile(testApp: TestApp, overrides: Partial<ProfileInput> = {}) {
  const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
  const cvUrl = await uploadCv(seeker.agent);
  const video = await uploadVideo(seeker.agent);
  if (video.status !== 200) throw new Error(`video upload failed: ${video.status} ${JSON.stringify(video.body)}`);
  const res = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, ...overrides, cvUrl, videoUrl: video.body.videoUrl });
  if (res.status !== 201) throw new Error(`profile failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...seeker, profile: res.body as { id: string; cvUrl: string; videoUrl: string } };
}

/** Seller details for invoices in tests (the defaults are placeholders marked "Example"). */
export const SELLER_ENV = {
  SELLER_NAME: 'Wazifa Technologies FZ-LLC',
  SELLER_ADDRESS: 'Office 1204, Tower B, Business Bay, Dubai, United Arab Emirates',
  SELLER_TRN: '100234567890003',
  SELLER_IBAN: 'AE070331234567890123456',
  SELLER_BANK_NAME: 'Emirates Example Bank',
  SELLER_SWIFT: 'EBILAEAD',
};

/** The account agreed to the privacy policy and terms in force, as creating a profile or a company records. */
export async function agreedToDocuments(testApp: Pick<TestApp, 'testDatabase'>, userId: string) {
  await testApp.testDatabase.database.db.insert(consents).values({ userId, version: LEGAL_LAST_UPDATED, via: 'company' });
}

/**
 * A company whose subscription runs (written straight to the database: onboarding and payment are tested elsewhere),
 * started five days before `now` and ending `daysLeft` days after it (negative: already over).
 */
export async function activeCompany(
  testApp: TestApp,
  options: { companyName?: string; contactPerson?: string; now?: Date; daysLeft?: number; locale?: string } = {},
) {
  const DAY = 24 * 3600 * 1000;
  const now = (options.now ?? new Date()).getTime();
  const agent = await signedInAgent(testApp, { role: 'company' });
  const { db } = testApp.testDatabase.database;
  if (options.locale) await db.update(users).set({ locale: options.locale }).where(eq(users.id, agent.id));
  const [row] = await db
    .insert(companyProfiles)
    .values({
      userId: agent.id,
      companyName: options.companyName ?? `Company of ${agent.email}`,
      contactPerson: options.contactPerson ?? 'Hiring Manager',
      phone: '+971501112233',
      email: agent.email,
      subscriptionPlan: 'monthly',
      subscriptionStatus: 'active',
      subscriptionStartDate: new Date(now - 5 * DAY),
      subscriptionEndDate: new Date(now + (options.daysLeft ?? 25) * DAY),
    })
    .returning();
  // As onboarding does: setting the company up agrees to the privacy policy and terms.
  await agreedToDocuments(testApp, agent.id);
  return { ...agent, companyId: row!.id };
}

/** A company that signed up and set itself up through the API: its first invoice awaits a bank transfer. */
export async function onboardedCompany(testApp: TestApp, details: Partial<CompanyOnboardingInput> = {}) {
  const owner = await signedInAgent(testApp, { role: 'company' });
  const res = await owner.agent.post('/api/company/profile').send({
    companyName: 'Desert Rose Hotels',
    contactPerson: 'Layla Mansour',
    phone: '+971 55 123 4567',
    email: uniqueEmail('billing'),
    subscriptionPlan: 'monthly',
    ...details,
  });
  if (res.status !== 201) throw new Error(`onboarding failed: ${res.status} ${JSON.stringify(res.body)}`);
  const company = res.body.company as CompanyView & { slug: string };
  const invoice = res.body.invoice as InvoiceView;
  return { ...owner, company, invoice, companyId: company.id, invoiceId: invoice.id };
}

/**
 * A company as it becomes active in the product: onboarded through the API, then its transfer verified by an
 * administrator (`company` is as onboarding answered it, before the payment).
 */
export async function paidCompany(
  testApp: TestApp,
  admin: { agent: request.Agent },
  details: Partial<CompanyOnboardingInput> = {},
  bankReference?: string,
) {
  const company = await onboardedCompany(testApp, details);
  const res = await admin.agent
    .post(`/api/admin/companies/${company.companyId}/verify-payment`)
    .send({ invoiceId: company.invoiceId, bankReference: bankReference ?? `FT-${company.companyId.slice(0, 8)}` });
  if (res.status !== 200) throw new Error(`payment verification failed: ${res.status} ${JSON.stringify(res.body)}`);
  return company;
}

/** A decision as the review page sends it: on the version of the profile it shows (read just before). */
export async function decideOnProfile(
  admin: { agent: request.Agent },
  profileId: string,
  decision: 'approve' | 'reject',
  body: Record<string, unknown> = {},
): Promise<request.Response> {
  const { body: profile } = await admin.agent.get(`/api/admin/profiles/${profileId}`).expect(200);
  return admin.agent.post(`/api/admin/profiles/${profileId}/${decision}`).send({ ...body, version: profile.version });
}

/** An administrator approves the profile (it must succeed). */
export async function approveProfile(admin: { agent: request.Agent }, profileId: string): Promise<request.Response> {
  const res = await decideOnProfile(admin, profileId, 'approve');
  if (res.status !== 200) throw new Error(`approval failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** A job seeker whose profile our team approved through the review API: companies find it. */
export async function approvedJobSeeker(testApp: TestApp, admin: { agent: request.Agent }, overrides: Partial<ProfileInput> = {}) {
  const seeker = await jobSeekerWithProfile(testApp, overrides);
  await approveProfile(admin, seeker.profile.id);
  return seeker;
}
