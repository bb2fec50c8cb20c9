// The review API (admin only): the queue, approve and reject, each with its e-mail and exactly one audit row.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { auditLog, emailOutbox, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { decideOnProfile, jobSeekerWithProfile, PROFILE, signedInAgent, TRUSTED_PROXY_ENV, uploadVideo } from '../test/fixtures.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

const db = () => testApp.testDatabase.database.db;
/** The administrators' audit rows about a profile (the job seeker's own edits are recorded too, for its history). */
const auditRows = (subjectId: string) =>
  db().select().from(auditLog).where(and(eq(auditLog.subjectId, subjectId), inArray(auditLog.action, ['profile.approve', 'profile.reject'])));
const mailTo = (to: string, template: string) =>
  db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)));

describe('who may use the review API', () => {
  it('answers 401 to anonymous callers and 403 to job seekers and companies', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const company = await signedInAgent(testApp, { role: 'company' });
    const calls = (agent: request.Agent | request.SuperTest<request.Test>) => [
      agent.get('/api/admin/profiles?status=pending'),
      agent.get(`/api/admin/profiles/${seeker.profile.id}`),
      agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: 1 }),
      agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ reasons: ['other'], note: 'No', version: 1 }),
    ];
    for (const res of await Promise.all(calls(request(testApp.app)))) expect(res.status).toBe(401);
    for (const agent of [seeker.agent, company.agent]) {
      for (const res of await Promise.all(calls(agent))) {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Only administrators can do this');
      }
    }
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);
    const [account] = await db().select().from(users).where(eq(users.id, seeker.id));
    expect(account!.status).toBe('pending');
  });
});

describe('the review queue', () => {
  it('lists pending profiles oldest first, with counts and pages', async () => {
    const first = await jobSeekerWithProfile(testApp, { fullName: 'Queue First' });
    const second = await jobSeekerWithProfile(testApp, { fullName: 'Queue Second' });
    const all = await admin.agent.get('/api/admin/profiles?status=pending&limit=100');
    expect(all.status).toBe(200);
    const ids = all.body.items.map((p: { id: string }) => p.id);
    expect(ids.indexOf(first.profile.id)).toBeLessThan(ids.indexOf(second.profile.id));
    expect(all.body.total).toBe(ids.length);
    expect(all.body.items.find((p: { id: string }) => p.id === first.profile.id)).toMatchObject({
      fullName: 'Queue First',
      email: first.email,
      reviewStatus: 'pending',
      cvUrl: first.profile.cvUrl,
      videoUrl: first.profile.videoUrl,
      lastReviewedValues: null,
    });

    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: request.Response = await admin.agent.get('/api/admin/profiles').query({ status: 'pending', limit: 1, ...(cursor ? { cursor } : {}) });
      expect(page.body.items.length).toBeLessThanOrEqual(1);
      paged.push(...page.body.items.map((p: { id: string }) => p.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(paged).toEqual(ids);
  });

  it('lets the reviewer open the CV and the video of a pending profile', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    expect((await admin.agent.get(seeker.profile.cvUrl)).status).toBe(200);
    expect((await admin.agent.get(seeker.profile.videoUrl)).status).toBe(200);
  });

  it.each([
    ['status=waiting', 'status must be pending, approved, rejected or suspended'],
    ['limit=0', 'limit must be between 1 and 100'],
    ['limit=1000', 'limit must be between 1 and 100'],
    ['limit=abc', 'limit must be a number'],
    ['cursor=not-a-cursor', 'The page cursor is not valid'],
  ])('refuses ?%s with a message', async (query, message) => {
    const res = await admin.agent.get(`/api/admin/profiles?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 404 for an unknown or malformed profile id', async () => {
    expect((await admin.agent.get('/api/admin/profiles/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.agent.post('/api/admin/profiles/../../auth/user/approve')).status).toBe(404);
    expect((await admin.agent.post('/api/admin/profiles/not-an-id/approve')).body.message).toBe('Profile not found');
  });
});

describe('approve and reject', () => {
  it('approves: the account becomes active, the job seeker is e-mailed, one audit row; twice changes nothing', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    const res = await decideOnProfile(admin, seeker.profile.id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: seeker.profile.id, reviewStatus: 'approved', reviewNote: null, version: 2 });
    expect(res.body.lastReviewedValues).toMatchObject({ fullName: 'Amina Yusuf', cvUrl: seeker.profile.cvUrl });

    expect((await seeker.agent.get('/api/job-seeker/profile')).body.reviewStatus).toBe('approved');
    const mails = await mailTo(seeker.email, 'profile_approved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody).toContain('/profile');
    const audit = await auditRows(seeker.profile.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'profile.approve', actorId: admin.id, subjectType: 'job_seeker_profile' });

    const again = await admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/approve`).send({ version: res.body.version });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This profile is already approved');
    expect(await auditRows(seeker.profile.id)).toHaveLength(1);
    expect(await mailTo(seeker.email, 'profile_approved')).toHaveLength(1);
  });

  it('rejects only with reasons from the list, which the job seeker reads; an edit returns the profile to the queue', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    // Each body is checked before the version is: the version is sent right, so only the reasons are wrong.
    const { body: current } = await admin.agent.get(`/api/admin/profiles/${seeker.profile.id}`).expect(200);
    const reject = (body: object) => admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/reject`).send({ version: current.version, ...body });
    for (const [body, message] of [
      [{}, 'Please choose at least one reason'],
      [{ reasons: [] }, 'Please choose at least one reason'],
      [{ reasons: 'cv_unreadable' }, 'Please choose at least one reason'],
      [{ reasons: ['cv_unreadable', 'blurry_video'] }, 'Please choose the reasons from the list'],
      [{ reasons: ['The video has no sound'] }, 'Please choose the reasons from the list'],
      // The free text of before is refused rather than ignored: a reason is a code of the list.
      [{ reason: 'The video has no sound.' }, 'Please choose at least one reason'],
      [{ reasons: ['other'] }, 'Please say in the note what to change'],
      [{ reasons: ['other'], note: '   ' }, 'Please say in the note what to change'],
      [{ reasons: ['cv_unreadable'], note: 'x'.repeat(1001) }, 'Please keep the note under 1000 characters'],
      [{ reasons: ['cv_unreadable'], note: 42 }, 'The note must be text'],
      [{ reasons: ['cv_unreadable'], version: undefined }, 'version must be a number'],
      [{ reasons: ['cv_unreadable'], version: '1' }, 'version must be a number'],
    ] as const) {
      const res = await reject(body);
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    }
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);
    expect(await mailTo(seeker.email, 'profile_rejected')).toHaveLength(0);

    const note = 'The phone number is on the first page of the CV.';
    // Chosen twice or out of order, reasons are stored once each, in the list's order.
    const res = await reject({ reasons: ['contact_details', 'video_person_or_voice', 'contact_details'], note });
    expect(res.status).toBe(200);
    const stored = { reviewStatus: 'rejected', reviewReasons: ['video_person_or_voice', 'contact_details'], reviewNote: note };
    expect(res.body).toMatchObject(stored);
    expect((await seeker.agent.get('/api/job-seeker/profile')).body).toMatchObject(stored);
    const [mail] = await mailTo(seeker.email, 'profile_rejected');
    expect(mail!.textBody).toContain('Your video: companies must see your face and hear your voice.');
    expect(mail!.textBody).toContain('Contact details: your video or CV shows a phone number');
    expect(mail!.textBody).toContain(`Note from our team: ${note}`);
    expect(mail!.textBody).not.toContain('Your CV: we could not read it');
    const audit = await auditRows(seeker.profile.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'profile.reject', details: expect.objectContaining({ reasons: ['video_person_or_voice', 'contact_details'], note }) });

    const twice = await reject({ reasons: ['cv_unreadable'], version: res.body.version });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This profile is already rejected');
    expect(await auditRows(seeker.profile.id)).toHaveLength(1);

    await seeker.agent.patch('/api/job-seeker/profile').send({ bio: 'Recorded a new video with sound.' }).expect(200);
    const queue = await admin.agent.get('/api/admin/profiles?status=pending&limit=100');
    const item = queue.body.items.find((p: { id: string }) => p.id === seeker.profile.id);
    expect(item).toMatchObject({ reviewStatus: 'pending', bio: 'Recorded a new video with sound.' });
    // What changed since the review can be seen against the values the reviewer saw.
    expect(item.lastReviewedValues.bio).toBe('Front desk and guest relations, five years in Dubai hotels.');

    // An approval clears the reasons and the note.
    const approved = await decideOnProfile(admin, seeker.profile.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ reviewStatus: 'approved', reviewReasons: [], reviewNote: null });
  });

  it('writes the rejection in the job seeker\'s language, with what to change for each reason', async () => {
    const seeker = await jobSeekerWithProfile(testApp, { fullName: 'Imran Ali' });
    await seeker.agent.put('/api/auth/locale').send({ locale: 'ur' }).expect(200);
    expect((await admin.agent.get(`/api/admin/profiles/${seeker.profile.id}`)).body.locale).toBe('ur');
    expect((await decideOnProfile(admin, seeker.profile.id, 'reject', { reasons: ['cv_unreadable'] })).status).toBe(200);
    const [mail] = await mailTo(seeker.email, 'profile_rejected');
    expect(mail!.subject).toContain('پروفائل میں تبدیلیاں ضروری ہیں');
    expect(mail!.textBody).toContain('آپ کی سی وی: ہم اسے پڑھ نہیں سکے۔');
    expect(mail!.textBody).not.toMatch(/Your CV|could not read/);
    expect(mail!.htmlBody).toContain('dir="rtl"');
  });
  it('does not review the profile of a suspended account', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, seeker.id));
    const res = await decideOnProfile(admin, seeker.profile.id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('admin.review_account_suspended');
    expect(await auditRows(seeker.profile.id)).toHaveLength(0);
  });
});

describe('the way through the queue', () => {
  it('names the pending profiles before and after one, oldest first, and starts again at the oldest after the last', async () => {
    const own = await Promise.all([0, 1, 2].map(() => jobSeekerWithProfile(testApp)));
    const queue = (await admin.agent.get('/api/admin/profiles?status=pending&limit=100').expect(200)).body.items.map((p: { id: string }) => p.id) as string[];
    const [first, second, third] = own.map((s) => s.profile.id).sort((a, b) => queue.indexOf(a) - queue.indexOf(b)) as [string, string, string];
    const neighbours = async (id: string) => (await admin.agent.get(`/api/admin/profiles/${id}/neighbours`).expect(200)).body;
    expect(await neighbours(second)).toEqual({ previous: queue[queue.indexOf(second) - 1], next: queue[queue.indexOf(second) + 1] ?? queue[0] });
    expect((await neighbours(queue.at(-1)!)).next).toBe(queue[0]);
    expect((await neighbours(queue[0]!)).previous).toBeNull();

    // A decided profile leaves the queue; from it, "next" is still the one that followed it.
    expect((await decideOnProfile(admin, second, 'approve')).status).toBe(200);
    expect((await neighbours(second)).next).toBe(queue[queue.indexOf(second) + 1] ?? queue.find((id) => id !== second));
    const remaining = queue.filter((id) => id !== second);
    expect(await neighbours(first)).toEqual({
      previous: remaining[remaining.indexOf(first) - 1] ?? null,
      next: remaining[remaining.indexOf(first) + 1] ?? remaining.find((id) => id !== first),
    });
    expect(remaining).toContain(third);

    expect((await admin.agent.get('/api/admin/profiles/00000000-0000-4000-8000-000000000000/neighbours')).status).toBe(404);
    expect((await own[0]!.agent.get(`/api/admin/profiles/${first}/neighbours`)).status).toBe(403);
  });
});

describe('the CV as the reviewer opens it', () => {
  const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('word/document.xml'), Buffer.alloc(512, 0x20)]);

  it('saves a Word CV as "<name>-cv.docx" and shows a PDF in the page', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    const { body: created } = await seeker.agent.post('/api/objects/upload').expect(200);
    await seeker.agent.put(created.uploadURL).set('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document').send(DOCX).expect(200);
    const cvUrl = (await seeker.agent.put('/api/objects/acl').send({ objectURL: created.uploadURL }).expect(200)).body.objectPath as string;
    const video = await uploadVideo(seeker.agent);
    const profile = await seeker.agent.post('/api/job-seeker/profile').send({ ...PROFILE, fullName: 'Amina Yusuf', cvUrl, videoUrl: video.body.videoUrl }).expect(201);

    const review = await admin.agent.get(`/api/admin/profiles/${profile.body.id}`).expect(200);
    expect(review.body.cv).toEqual({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: DOCX.length });
    const download = await admin.agent.get(cvUrl).expect(200);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(download.headers['content-disposition']).toBe('attachment; filename="Amina-Yusuf-cv.docx"');
    // A Word file is never shown inline, even when asked.
    expect((await admin.agent.get(`${cvUrl}?view=inline`)).headers['content-disposition']).toMatch(/^attachment; /);

    const pdf = await jobSeekerWithProfile(testApp, { fullName: 'محمد علي' });
    const inline = await admin.agent.get(`${pdf.profile.cvUrl}?view=inline`).expect(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="cv.pdf"; filename*=UTF-8''${encodeURIComponent('محمد-علي-cv.pdf')}`);
    expect((await admin.agent.get(pdf.profile.cvUrl)).headers['content-disposition']).toMatch(/^attachment; filename="cv\.pdf"; filename\*=UTF-8''/);
  });
});
