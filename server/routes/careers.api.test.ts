import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { careerApplications, emailOutbox, objects, users } from '#shared/schema.ts';
import { CAREER_LIMITS, CAREER_MESSAGES } from '#shared/career.ts';
import { LIMITS } from '#shared/constants.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// A fixed clock: the hourly rate-limit window is 09:00-10:00, so a refusal says to wait 3600 s.
const clock: Clock = { now: () => new Date('2026-04-01T09:00:00Z') };
let testApp: TestApp;
let kicks = 0;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const MISSING = 'Please fill in your name, email, and upload your resume.';
const NOT_FOUND = 'Upload not found. Please upload the file again.';

beforeAll(async () => {
  // Rate limits count per client address; trusting one proxy lets each test come from an address of its own.
  testApp = await createTestApp({ clock, env: { TRUST_PROXY: '1' }, mailer: { kick: () => void kicks++ } });
});
afterAll(() => testApp.close());

let addresses = 0;
/** A client address of its own, so no test spends another's rate limit. */
const newAddress = () => `198.51.100.${++addresses}`;

const db = () => testApp.testDatabase.database.db;
/** The key an upload URL writes to (never the key of the file that is served). */
const uploadKeyOf = (uploadURL: string) => testApp.storage.keyFromUploadUrl(uploadURL)!;
const rowOf = async (uploadURL: string) => (await db().select().from(objects).where(eq(objects.uploadKey, uploadKeyOf(uploadURL))))[0];

async function uploadResume(ip: string, body: Buffer = PDF) {
  const created = await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', ip);
  expect(created.status).toBe(200);
  const uploadURL = created.body.uploadURL as string;
  const put = await request(testApp.app).put(uploadURL).set('X-Forwarded-For', ip).set('Content-Type', 'application/pdf').send(body);
  return { uploadURL, put };
}

const acl = (ip: string, objectURL: unknown) =>
  request(testApp.app).put('/api/career/resume-acl').set('X-Forwarded-For', ip).send({ objectURL });

async function readyResume(ip: string): Promise<string> {
  const { uploadURL } = await uploadResume(ip);
  const res = await acl(ip, uploadURL);
  expect(res.status).toBe(200);
  return res.body.objectPath as string;
}

const apply = (ip: string, body: Record<string, unknown>) =>
  request(testApp.app).post('/api/career-application').set('X-Forwarded-For', ip).send(body);

const applicant = (resumeUrl: string) => ({
  name: 'Amina Khan',
  email: 'amina@example.com',
  phone: '+971 50 123 4567',
  linkedinUrl: 'https://www.linkedin.com/in/amina-khan',
  message: 'I would like to join the support team.',
  resumeUrl,
});

const countOf = async (table: typeof careerApplications | typeof emailOutbox) => (await db().select({ n: count() }).from(table))[0]!.n;

let accounts = 0;
async function signedIn(options: { admin?: boolean } = {}) {
  const ip = newAddress();
  const agent = request.agent(testApp.app);
  const email = `careers${++accounts}@example.com`;
  const res = await agent.post('/api/auth/signup').set('X-Forwarded-For', ip).send({ email, password: 'long enough 1', role: 'job_seeker' });
  expect(res.status).toBe(201);
  if (options.admin) await db().update(users).set({ isAdmin: true }).where(eq(users.email, email));
  return agent;
}

describe('careers application', () => {
  it('takes a resume through both steps and stores the application, with an e-mail to support; only admins can download the resume', async () => {
    const ip = newAddress();
    const { uploadURL, put } = await uploadResume(ip);
    expect(uploadURL).toMatch(/^\/api\/uploads\//);
    expect(put.status).toBe(200);
    const finished = await acl(ip, uploadURL);
    expect(finished.status).toBe(200);
    expect(finished.body.objectPath).toMatch(/^\/objects\/resume\/[0-9a-f-]{36}$/);
    // Anonymous: no owner, only a hash of the upload URL.
    const row = await rowOf(uploadURL);
    expect(row).toMatchObject({ ownerId: null, kind: 'resume', status: 'ready', contentType: 'application/pdf', size: PDF.length });
    expect(finished.body.objectPath).toBe(`/objects/${row!.key}`);
    expect(row!.uploadTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.uploadTokenHash).not.toContain(uploadURL);
    // Finishing again is harmless.
    expect((await acl(ip, uploadURL)).body.objectPath).toBe(finished.body.objectPath);

    const kicksBefore = kicks;
    const res = await apply(ip, applicant(finished.body.objectPath));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(kicks).toBe(kicksBefore + 1);

    const stored = await db().query.careerApplications.findFirst({ where: eq(careerApplications.id, res.body.id) });
    expect(stored).toMatchObject({
      name: 'Amina Khan',
      email: 'amina@example.com',
      phone: '+971 50 123 4567',
      linkedinUrl: 'https://www.linkedin.com/in/amina-khan',
      message: 'I would like to join the support team.',
      resumeUrl: finished.body.objectPath,
    });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'career_application'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.toAddress).toBe(testApp.config.supportEmail);
    expect(mails[0]!.subject).toBe('New career application: Amina Khan');
    expect(mails[0]!.textBody).toContain('Name: Amina Khan');
    expect(mails[0]!.textBody).toContain('E-mail: amina@example.com');
    expect(mails[0]!.textBody).toContain(`${testApp.config.publicUrl}/admin/applications`);
    expect(mails[0]!.htmlBody).toContain('Amina Khan');

    // The resume: admins only, as an attachment.
    expect((await request(testApp.app).get(finished.body.objectPath)).status).toBe(401);
    const seeker = await signedIn();
    const refused = await seeker.get(finished.body.objectPath);
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('File not found');
    const admin = await signedIn({ admin: true });
    const file = await admin.get(finished.body.objectPath).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
  });

  it("needs a name, an e-mail and a resume, answering the form's own message word for word, and stores nothing", async () => {
    const ip = newAddress();
    const resumeUrl = await readyResume(ip);
    const [applicationsBefore, mailsBefore] = [await countOf(careerApplications), await countOf(emailOutbox)];
    const cases: Record<string, unknown>[] = [
      { ...applicant(resumeUrl), name: undefined },
      { ...applicant(resumeUrl), name: '   ' },
      { ...applicant(resumeUrl), email: undefined },
      { ...applicant(resumeUrl), email: '' },
      { ...applicant(resumeUrl), resumeUrl: undefined },
      { ...applicant(resumeUrl), resumeUrl: '' },
      {},
    ];
    for (const body of cases) {
      const res = await apply(ip, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MISSING);
    }
    expect(CAREER_MESSAGES.missing).toBe(MISSING);
    expect(await countOf(careerApplications)).toBe(applicationsBefore);
    expect(await countOf(emailOutbox)).toBe(mailsBefore);
  });

  it('refuses a malformed e-mail, a non-web LinkedIn address and over-long fields with clear messages', async () => {
    const ip = newAddress();
    const resumeUrl = await readyResume(ip);
    const applicationsBefore = await countOf(careerApplications);
    const refusals: [Record<string, unknown>, string][] = [
      [{ email: 'amina@' }, 'Please enter a valid e-mail address'],
      [{ email: `${'a'.repeat(250)}@example.com` }, 'This e-mail address is too long'],
      [{ linkedinUrl: 'javascript:alert(1)' }, 'Please enter a web address starting with http:// or https://'],
      [{ linkedinUrl: 'ftp://linkedin.com/in/amina' }, 'Please enter a web address starting with http:// or https://'],
      [{ linkedinUrl: `https://linkedin.com/in/${'a'.repeat(300)}` }, 'This web address is too long'],
      [{ message: 'x'.repeat(CAREER_LIMITS.messageMax + 1) }, 'Please keep your message under 5000 characters'],
      [{ name: 'A'.repeat(101) }, 'Please keep your name under 100 characters'],
      [{ phone: 'call me maybe' }, 'Please enter a valid phone number'],
      [{ phone: 1234 }, 'Please enter a valid phone number'],
      [{ message: { text: 'hi' } }, 'Please enter this as text'],
    ];
    for (const [change, message] of refusals) {
      const res = await apply(ip, { ...applicant(resumeUrl), ...change });
      expect(res.status, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await countOf(careerApplications)).toBe(applicationsBefore);
    // Optional fields may be left empty.
    const res = await apply(ip, { ...applicant(resumeUrl), phone: '', linkedinUrl: ' ', message: null });
    expect(res.status).toBe(201);
    const stored = await db().query.careerApplications.findFirst({ where: eq(careerApplications.id, res.body.id) });
    expect(stored).toMatchObject({ phone: null, linkedinUrl: null, message: null });
  });

  it('accepts only a finished resume of the careers upload as resumeUrl', async () => {
    const ip = newAddress();
    const applicationsBefore = await countOf(careerApplications);
    // A CV of a job seeker, even a ready one, is not a resume.
    const seeker = await signedIn();
    const { body: cvUpload } = await seeker.post('/api/objects/upload').expect(200);
    await seeker.put(cvUpload.uploadURL).send(PDF).expect(200);
    const { body: cv } = await seeker.put('/api/objects/acl').send({ objectURL: cvUpload.uploadURL }).expect(200);
    // Uploaded but not finished: still pending.
    const { uploadURL: pendingURL } = await uploadResume(ip);
    const pendingPath = `/objects/${(await rowOf(pendingURL))!.key}`;
    const refusals = [
      cv.objectPath,
      '/objects/resume/../cv/x',
      `/objects/resume/../${cv.objectPath.slice('/objects/'.length)}`,
      '/objects/resume/%2e%2e%2fcv',
      'https://evil.example/objects/resume/00000000-0000-0000-0000-000000000000',
      '/objects/resume/00000000-0000-0000-0000-000000000000',
      pendingPath,
    ];
    for (const resumeUrl of refusals) {
      const res = await apply(ip, applicant(resumeUrl));
      expect(res.status, resumeUrl).toBe(400);
      expect(res.body.message).toBe('Your resume upload was not found. Please upload your resume again.');
    }
    expect(await countOf(careerApplications)).toBe(applicationsBefore);
  });

  it('takes one application per resume upload, also when two are sent at once', async () => {
    const ip = newAddress();
    const resumeUrl = await readyResume(ip);
    const mailsBefore = await countOf(emailOutbox);
    const [a, b] = await Promise.all([apply(ip, applicant(resumeUrl)), apply(ip, { ...applicant(resumeUrl), name: 'Someone Else' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await apply(ip, applicant(resumeUrl));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This resume was already sent with an application. Please upload your resume again.');
    expect(await db().select().from(careerApplications).where(eq(careerApplications.resumeUrl, resumeUrl))).toHaveLength(1);
    // A refused application sends nothing: its e-mail was in the same transaction.
    expect(await countOf(emailOutbox)).toBe(mailsBefore + 1);
  });
});

describe('resume upload', () => {
  it("finishes an upload only for the exact URL it gave out: not someone else's, a forged or a re-signed one", async () => {
    const ip = newAddress();
    const { uploadURL } = await uploadResume(ip);
    // Another validly signed URL for the same file is not the one the uploader was given.
    const resigned = await testApp.storage.createUploadUrl({
      key: uploadKeyOf(uploadURL),
      maxBytes: LIMITS.documentMaxBytes,
      expiresAt: new Date(clock.now().getTime() + 60_000),
    });
    expect(resigned).not.toBe(uploadURL);
    const seeker = await signedIn();
    const { body: cvUpload } = await seeker.post('/api/objects/upload').expect(200);
    const refusals = [
      resigned,
      `${uploadURL.slice(0, -3)}abc`,
      cvUpload.uploadURL,
      '/api/uploads/../../../etc/passwd',
      'file:///etc/passwd',
    ];
    for (const objectURL of refusals) {
      const res = await acl(newAddress(), objectURL);
      expect(res.status, objectURL).toBe(404);
      expect(res.body.message).toBe(NOT_FOUND);
    }
    const missing = await acl(ip, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('objectURL is required');
    // A resume upload URL is no CV either.
    expect((await seeker.put('/api/objects/acl').send({ objectURL: uploadURL })).status).toBe(404);
    // The uploader still can.
    expect((await acl(ip, uploadURL)).status).toBe(200);
  });

  it('takes nothing more through the upload link once the resume was checked: the served file stays the checked one', async () => {
    const ip = newAddress();
    const { uploadURL } = await uploadResume(ip);
    const finished = await acl(ip, uploadURL);
    expect(finished.status).toBe(200);
    const again = await request(testApp.app).put(uploadURL).set('X-Forwarded-For', ip).set('Content-Type', 'application/pdf').send(PNG);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('This upload link was already used. Please upload the file again.');
    expect((await apply(ip, applicant(finished.body.objectPath))).status).toBe(201);
    const admin = await signedIn({ admin: true });
    const file = await admin.get(finished.body.objectPath).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
  });

  it('refuses an oversized resume while it streams, keeping no file', async () => {
    const ip = newAddress();
    const { uploadURL, put } = await uploadResume(ip, Buffer.concat([PDF, Buffer.alloc(LIMITS.documentMaxBytes)]));
    expect(put.status).toBe(413);
    expect(put.body.message).toBe('The file is too large');
    expect(await testApp.storage.stat(uploadKeyOf(uploadURL))).toBeUndefined();
    const res = await acl(ip, uploadURL);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The file did not arrive. Please upload it again.');
  });

  it('refuses a PNG sent as a PDF and deletes it; the link takes nothing more', async () => {
    const ip = newAddress();
    const { uploadURL, put } = await uploadResume(ip, PNG);
    expect(put.status).toBe(200);
    const res = await acl(ip, uploadURL);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please upload a PDF, DOC or DOCX file');
    // The row stays, refused, until the clean-up: it is how the clean-up finds whatever the link still writes.
    const row = await rowOf(uploadURL);
    expect(row!.status).toBe('refused');
    expect(await testApp.storage.stat(row!.key)).toBeUndefined();
    expect(await testApp.storage.stat(uploadKeyOf(uploadURL))).toBeUndefined();
    // Nothing is left to finish, to send again or to apply with.
    expect((await acl(ip, uploadURL)).status).toBe(404);
    const again = await request(testApp.app).put(uploadURL).set('X-Forwarded-For', ip).send(PDF);
    expect(again.status).toBe(403);
    expect((await apply(ip, applicant(`/objects/${row!.key}`))).status).toBe(400);
  });
});

describe('careers limits and origin', () => {
  it('allows 20 resume uploads an hour per address, then answers 429 with Retry-After', async () => {
    const ip = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', ip)).status).toBe(200);
    }
    const refused = await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(refused.headers['retry-after']).toBe('3600');
    // Another address is not affected.
    expect((await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', newAddress())).status).toBe(200);
  });

  it('allows 10 applications an hour per address, then answers 429 with Retry-After', async () => {
    const ip = newAddress();
    // Well-formed applications count even when refused later (here: no such resume).
    const unknown = applicant('/objects/resume/00000000-0000-4000-8000-000000000000');
    for (let i = 0; i < 10; i++) expect((await apply(ip, unknown)).status).toBe(400);
    const resumeUrl = await readyResume(ip);
    const applicationsBefore = await countOf(careerApplications);
    const refused = await apply(ip, applicant(resumeUrl));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(refused.headers['retry-after']).toBe('3600');
    expect(await countOf(careerApplications)).toBe(applicationsBefore);
    // The same resume still goes through from another address.
    expect((await apply(newAddress(), applicant(resumeUrl))).status).toBe(201);
  });

  it('refuses requests sent from other sites', async () => {
    const ip = newAddress();
    const resumeUrl = await readyResume(ip);
    const [applicationsBefore, objectsBefore] = [await countOf(careerApplications), (await db().select({ n: count() }).from(objects))[0]!.n];
    const crossOrigin = await apply(ip, applicant(resumeUrl)).set('Origin', 'https://evil.example');
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.body.message).toBe('Requests from other sites are not allowed');
    const crossSite = await request(testApp.app).post('/api/career/resume-upload').set('X-Forwarded-For', ip).set('Sec-Fetch-Site', 'cross-site');
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.message).toBe('Requests from other sites are not allowed');
    expect(await countOf(careerApplications)).toBe(applicationsBefore);
    expect((await db().select({ n: count() }).from(objects))[0]!.n).toBe(objectsBefore);
    // From the product's own pages it goes through.
    const sameOrigin = await apply(ip, applicant(resumeUrl)).set('Origin', testApp.config.publicUrl).set('Sec-Fetch-Site', 'same-origin');
    expect(sameOrigin.status).toBe(201);
  });
});
