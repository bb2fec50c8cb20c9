// Agreement to the privacy policy and terms: recorded with its version when a profile or a company is created; an
// account that agreed to an older version (or never did) is asked again, and its answer is recorded once.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEGAL_LAST_UPDATED } from '#shared/constants.ts';
import { consents } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { jobSeekerWithProfile, signedInAgent, TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const rows = (userId: string) => db().select().from(consents).where(eq(consents.userId, userId));

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

describe('agreement to the privacy policy and terms', () => {
  it('is recorded with its version when a job seeker creates a profile, or an account sets up a company', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    expect(await rows(seeker.id)).toMatchObject([{ version: LEGAL_LAST_UPDATED, via: 'profile' }]);
    expect((await seeker.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(false);

    const owner = await signedInAgent(testApp, { role: 'company' });
    await owner.agent
      .post('/api/company/profile')
      .send({ companyName: 'Gulf Build', contactPerson: 'Huda Saleh', phone: '+971 4 123 4567', email: uniqueEmail('billing'), subscriptionPlan: 'monthly' })
      .expect(201);
    expect(await rows(owner.id)).toMatchObject([{ version: LEGAL_LAST_UPDATED, via: 'company' }]);
    expect((await owner.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(false);
  });

  it('is asked again once the documents changed, and recorded once when given', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    // Agreed to an older version.
    await db().update(consents).set({ version: '2025-10-23' }).where(eq(consents.userId, seeker.id));
    expect((await seeker.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(true);

    // A page that showed an older version does not count.
    expect((await seeker.agent.post('/api/auth/consent').send({ version: '2025-10-23' }).expect(200)).body).toEqual({ agreed: false });
    await seeker.agent.post('/api/auth/consent').send({ version: 'yesterday' }).expect(400);
    expect((await seeker.agent.post('/api/auth/consent').send({ version: LEGAL_LAST_UPDATED }).expect(200)).body).toEqual({ agreed: true });
    await seeker.agent.post('/api/auth/consent').send({ version: LEGAL_LAST_UPDATED }).expect(200);
    expect((await rows(seeker.id)).map((r) => [r.version, r.via]).sort()).toEqual([
      ['2025-10-23', 'profile'],
      [LEGAL_LAST_UPDATED, 'prompt'],
    ]);
    expect((await seeker.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(false);
  });

  it('is asked of an account from before it was recorded, and not of one that uses nothing yet', async () => {
    const seeker = await jobSeekerWithProfile(testApp);
    await db().delete(consents).where(eq(consents.userId, seeker.id));
    expect((await seeker.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(true);
    const fresh = await signedInAgent(testApp, { role: 'job_seeker' });
    expect((await fresh.agent.get('/api/auth/user').expect(200)).body.consentNeeded).toBe(false);
    await request(testApp.app).post('/api/auth/consent').send({ version: LEGAL_LAST_UPDATED }).expect(401);
  });
});
