import { existsSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { objects } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

let now = new Date('2026-04-01T09:00:00Z');
const clock: Clock = { now: () => now };
let testApp: TestApp;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  testApp = await createTestApp({ clock });
});
afterAll(() => testApp.close());

let counter = 0;
async function signedIn(role: 'job_seeker' | 'company') {
  const agent = request.agent(testApp.app);
  await agent.post('/api/auth/signup').send({ email: `up${++counter}@example.com`, password: 'long enough 1', role });
  return agent;
}

async function upload(agent: request.Agent, body: Buffer) {
  const { body: created } = await agent.post('/api/objects/upload').expect(200);
  const put = await agent.put(created.uploadURL).set('Content-Type', 'application/pdf').send(body);
  return { uploadURL: created.uploadURL as string, put };
}

/** The key an upload URL writes to (never the key of the file that is served). */
const uploadKeyOf = (uploadURL: string) => testApp.storage.keyFromUploadUrl(uploadURL)!;

describe('CV upload', () => {
  it('takes a PDF through both steps; only its owner can download it, as an attachment', async () => {
    const seeker = await signedIn('job_seeker');
    const { uploadURL, put } = await upload(seeker, PDF);
    expect(uploadURL).toMatch(/^\/api\/uploads\//);
    expect(put.status).toBe(200);
    const acl = await seeker.put('/api/objects/acl').send({ objectURL: uploadURL });
    expect(acl.status).toBe(200);
    expect(acl.body.objectPath).toMatch(/^\/objects\/cv\/[0-9a-f-]{36}$/);

    const file = await seeker.get(acl.body.objectPath).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);

    const stranger = await signedIn('job_seeker');
    expect((await stranger.get(acl.body.objectPath)).status).toBe(404);
    expect((await request(testApp.app).get(acl.body.objectPath)).status).toBe(401);
  });

  it('takes nothing more through the upload link once the CV was checked: the served file stays the checked one', async () => {
    const seeker = await signedIn('job_seeker');
    const { uploadURL } = await upload(seeker, PDF);
    const { body } = await seeker.put('/api/objects/acl').send({ objectURL: uploadURL }).expect(200);
    const again = await seeker.put(uploadURL).set('Content-Type', 'application/pdf').send(PNG);
    expect(again.status).toBe(403);
    expect(again.body.message).toBe('This upload link was already used. Please upload the file again.');
    const file = await seeker.get(body.objectPath).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
    // Finishing again answers the same checked file.
    expect((await seeker.put('/api/objects/acl').send({ objectURL: uploadURL })).body.objectPath).toBe(body.objectPath);
    expect(Buffer.compare((await seeker.get(body.objectPath).buffer(true)).body as Buffer, PDF)).toBe(0);
  });

  it('refuses an oversized CV while it streams, keeping nothing', async () => {
    const seeker = await signedIn('job_seeker');
    const { uploadURL, put } = await upload(seeker, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]));
    expect(put.status).toBe(413);
    expect(put.body.message).toBe('The file is too large');
    expect(await testApp.storage.stat(uploadKeyOf(uploadURL))).toBeUndefined();
    const acl = await seeker.put('/api/objects/acl').send({ objectURL: uploadURL });
    expect(acl.status).toBe(400);
  });

  it('refuses a PNG sent as a PDF and deletes it; the upload can no longer be finished or sent again', async () => {
    const seeker = await signedIn('job_seeker');
    const { uploadURL, put } = await upload(seeker, PNG);
    expect(put.status).toBe(200);
    const acl = await seeker.put('/api/objects/acl').send({ objectURL: uploadURL });
    expect(acl.status).toBe(400);
    expect(acl.body.message).toBe('Please upload a PDF, DOC or DOCX file');
    const [row] = await testApp.testDatabase.database.db.select().from(objects).where(eq(objects.uploadKey, uploadKeyOf(uploadURL)));
    expect(row!.status).toBe('refused');
    expect(await testApp.storage.stat(row!.key)).toBeUndefined();
    expect(await testApp.storage.stat(uploadKeyOf(uploadURL))).toBeUndefined();
    expect((await seeker.put('/api/objects/acl').send({ objectURL: uploadURL })).status).toBe(404);
    expect((await seeker.put(uploadURL).set('Content-Type', 'application/pdf').send(PDF)).status).toBe(403);
  });

  it('finishes an upload whose earlier finish stopped after the file was moved', async () => {
    const seeker = await signedIn('job_seeker');
    const { uploadURL } = await upload(seeker, PDF);
    const [row] = await testApp.testDatabase.database.db.select().from(objects).where(eq(objects.uploadKey, uploadKeyOf(uploadURL)));
    // As a crash between the move and the commit leaves it: the file moved, the row still pending, nothing served.
    await testApp.storage.move(uploadKeyOf(uploadURL), row!.key);
    expect((await seeker.get(`/objects/${row!.key}`)).status).toBe(404);
    const { body } = await seeker.put('/api/objects/acl').send({ objectURL: uploadURL }).expect(200);
    expect(body.objectPath).toBe(`/objects/${row!.key}`);
    expect(Buffer.compare((await seeker.get(body.objectPath).buffer(true)).body as Buffer, PDF)).toBe(0);
  });

  it('refuses an expired upload URL and a forged one', async () => {
    const seeker = await signedIn('job_seeker');
    const { body } = await seeker.post('/api/objects/upload');
    now = new Date(now.getTime() + 16 * 60 * 1000);
    const late = await seeker.put(body.uploadURL).send(PDF);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe('This upload link has expired. Please try again.');
    const forged = await seeker.put(`${body.uploadURL.slice(0, -3)}abc`).send(PDF);
    expect(forged.status).toBe(403);
  });

  it("answers someone else's objectURL and a path-traversal objectURL as not found", async () => {
    const owner = await signedIn('job_seeker');
    const { uploadURL } = await upload(owner, PDF);
    const other = await signedIn('job_seeker');
    expect((await other.put('/api/objects/acl').send({ objectURL: uploadURL })).status).toBe(404);
    expect((await other.put('/api/objects/acl').send({ objectURL: '/api/uploads/../../../etc/passwd' })).status).toBe(404);
    expect((await other.put('/api/objects/acl').send({ objectURL: 'file:///etc/passwd' })).status).toBe(404);
    expect((await other.put('/api/objects/acl').send({})).status).toBe(400);
    expect(existsSync('/etc/passwd')).toBe(true);
    // The owner still can.
    expect((await owner.put('/api/objects/acl').send({ objectURL: uploadURL })).status).toBe(200);
  });

  it('is only for job seekers', async () => {
    const company = await signedIn('company');
    expect((await company.post('/api/objects/upload')).status).toBe(403);
    expect((await company.put('/api/objects/acl').send({ objectURL: '/api/uploads/x.y' })).status).toBe(403);
    expect((await request(testApp.app).post('/api/objects/upload')).status).toBe(401);
  });
});
