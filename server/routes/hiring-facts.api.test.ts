// The hiring facts of a profile (nationality, where the person is, visa, start date, driving licence, expected pay):
// declared by the job seeker, checked as sent, searched by companies with a filter each, and verified by a reviewer
// with an audit row; an edit of a fact takes its verified mark away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { factValue, VERIFIABLE_FACTS, type VerifiableFact } from '#shared/hiring-facts.ts';
import type { ProfileInput } from '#shared/profile.ts';
import { auditLog, jobSeekerProfiles, users } from '#shared/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany, jobSeekerWithProfile, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
type Seeker = Awaited<ReturnType<typeof jobSeekerWithProfile>>;
const DAY = 24 * 3600 * 1000;
/** A day from today, as the database's date has it (UTC). */
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function approvedSeeker(overrides: Partial<ProfileInput>): Promise<Seeker> {
  const seeker = await jobSeekerWithProfile(testApp, overrides);
  await db().update(users).set({ status: 'active' }).where(eq(users.id, seeker.id));
  return seeker;
}

let company: Awaited<ReturnType<typeof activeCompany>>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let ravi: Seeker, joy: Seeker, salem: Seeker, blank: Seeker;

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  company = await activeCompany(testApp);
  admin = await signedInAgent(testApp, { admin: true });
  ravi = await approvedSeeker({
    fullName: 'Ravi Thapa',
    nationality: 'NP',
    currentCountry: 'AE',
    visaStatus: 'transferable',
    availableFrom: 'immediately',
    drivingLicences: ['gcc_light', 'heavy'],
    licenceCountry: 'AE',
    salaryMin: 2500,
    salaryMax: 3500,
    salaryCurrency: 'AED',
  });
  joy = await approvedSeeker({
    fullName: 'Joy Santos',
    nationality: 'PH',
    currentCountry: 'PH',
    visaStatus: 'cancelled',
    availableFrom: day(45),
    drivingLicences: [],
    salaryMin: 4000,
    salaryCurrency: 'AED',
  });
  salem = await approvedSeeker({
    fullName: 'Salem Al Harthy',
    nationality: 'OM',
    currentCountry: 'OM',
    visaStatus: 'gcc_national',
    availableFrom: day(20),
    drivingLicences: ['bus'],
    licenceCountry: 'OM',
    salaryMin: 600,
    salaryMax: 800,
    salaryCurrency: 'OMR',
  });
  // A profile from before the facts existed: none said.
  blank = await approvedSeeker({ fullName: 'Blank Facts' });
});
afterAll(() => testApp.close());

/** The ids among the four profiles above that a search finds (other tests make profiles of their own). */
const search = async (query: Record<string, string>) => {
  const res = await company.agent.get('/api/candidates').query(query).expect(200);
  const known = idsOf(ravi, joy, salem, blank);
  return (res.body.items as { id: string }[]).map((c) => c.id).filter((id) => known.includes(id)).sort();
};
const idsOf = (...seekers: Seeker[]) => seekers.map((s) => s.profile.id).sort();

describe('declaring the facts', () => {
  it('keeps what the job seeker said, "immediately" as the day it was said, and nothing for a profile without them', async () => {
    const { body } = await ravi.agent.get('/api/job-seeker/profile').expect(200);
    expect(body).toMatchObject({
      nationality: 'NP',
      currentCountry: 'AE',
      visaStatus: 'transferable',
      availableFrom: day(0),
      drivingLicences: ['gcc_light', 'heavy'],
      licenceCountry: 'AE',
      salaryMin: 2500,
      salaryMax: 3500,
      salaryCurrency: 'AED',
      factVerifications: {},
    });
    const none = await blank.agent.get('/api/job-seeker/profile').expect(200);
    expect(none.body).toMatchObject({ nationality: null, visaStatus: null, availableFrom: null, drivingLicences: null, salaryCurrency: null });
  });

  it.each([
    [{ nationality: 'XX' }, 'Please select your nationality from the list'],
    [{ currentCountry: 'Dubai' }, 'Please select the country you are in now'],
    [{ visaStatus: 'golden' }, 'Please select your visa status from the list'],
    [{ availableFrom: '2026-02-30' }, 'Please choose when you can start'],
    [{ availableFrom: 'soon' }, 'Please choose when you can start'],
    [{ drivingLicences: ['car'] }, 'Please select licences from the list'],
    [{ drivingLicences: ['heavy'], licenceCountry: null }, 'Please select the country that issued your licence'],
    [{ salaryMin: 3000 }, 'Please select the currency'],
    [{ salaryMax: 3000, salaryCurrency: 'AED' }, 'Please enter the lowest monthly salary too'],
    [{ salaryMin: 5000, salaryMax: 3000, salaryCurrency: 'AED' }, 'The lowest salary must not be more than the highest'],
    [{ salaryMin: 0, salaryCurrency: 'AED' }, 'Please enter a monthly salary between 1 and 1,000,000'],
    [{ salaryMin: 2000.5, salaryCurrency: 'AED' }, 'Please enter the salary in whole amounts'],
    [{ salaryCurrency: 'EUR' }, 'Please select the currency'],
  ])('refuses %j with its message, changing nothing', async (change, message) => {
    const res = await blank.agent.patch('/api/job-seeker/profile').send(change).expect(400);
    expect(res.body.message).toBe(message);
    const [row] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, blank.profile.id));
    expect([row!.nationality, row!.visaStatus, row!.availableFrom, row!.drivingLicences, row!.salaryMin]).toEqual([null, null, null, null, null]);
  });

  it('changes a fact without sending an approved profile back to review', async () => {
    const seeker = await approvedSeeker({ fullName: 'Edit Facts' });
    await seeker.agent.patch('/api/job-seeker/profile').send({ visaStatus: 'visit', availableFrom: day(10) }).expect(200);
    const { body } = await seeker.agent.get('/api/job-seeker/profile').expect(200);
    expect(body).toMatchObject({ visaStatus: 'visit', availableFrom: day(10), reviewStatus: 'approved' });
  });
});

describe('a filter for each fact', () => {
  it.each([
    [{ nationalities: 'NP,PH' }, () => idsOf(ravi, joy)],
    [{ inCountries: 'AE' }, () => idsOf(ravi)],
    [{ inCountries: 'AE,OM' }, () => idsOf(ravi, salem)],
    [{ visaStatuses: 'transferable' }, () => idsOf(ravi)],
    [{ visaStatuses: 'cancelled,gcc_national' }, () => idsOf(joy, salem)],
    [{ availableWithin: '0' }, () => idsOf(ravi)],
    [{ availableWithin: '30' }, () => idsOf(ravi, salem)],
    [{ availableWithin: '60' }, () => idsOf(ravi, joy, salem)],
    [{ licences: 'heavy,bus' }, () => idsOf(ravi, salem)],
    [{ maxSalary: '3000', salaryCurrency: 'AED' }, () => idsOf(ravi)],
    [{ maxSalary: '5000', salaryCurrency: 'AED' }, () => idsOf(ravi, joy)],
    [{ maxSalary: '700', salaryCurrency: 'OMR' }, () => idsOf(salem)],
    [{ visaStatuses: 'transferable', availableWithin: '30', q: 'ravi' }, () => idsOf(ravi)],
  ])('%j finds exactly its profiles (never one that has not said)', async (query, expected) => {
    const found = await search(query);
    expect(found).toEqual(expected());
    expect(found).not.toContain(blank.profile.id);
  });

  it.each([
    [{ nationalities: 'XX' }, 'Unknown nationality'],
    [{ inCountries: 'Dubai' }, 'Unknown country'],
    [{ visaStatuses: 'golden' }, 'Unknown visa status'],
    [{ availableWithin: '366' }, 'availableWithin must be a number of days between 0 and 365'],
    [{ availableWithin: '-1' }, 'availableWithin must be a number of days between 0 and 365'],
    [{ availableWithin: 'soon' }, 'availableWithin must be a number of days between 0 and 365'],
    [{ licences: 'car' }, 'Unknown driving licence'],
    [{ maxSalary: '3000' }, 'maxSalary needs salaryCurrency'],
    [{ maxSalary: '0', salaryCurrency: 'AED' }, 'maxSalary must be a whole number between 1 and 1000000'],
    [{ maxSalary: '3000', salaryCurrency: 'EUR' }, 'salaryCurrency must be one of AED, SAR, QAR, BHD, KWD, OMR, USD'],
  ])('refuses %j with a 400 and its message', async (query, message) => {
    const res = await company.agent.get('/api/candidates').query(query).expect(400);
    expect(res.body).toMatchObject({ code: 'common.invalid_input', message });
  });

  it('shows the facts on the card and the candidate page', async () => {
    const res = await company.agent.get('/api/candidates').query({ q: 'Salem' }).expect(200);
    expect(res.body.items[0]).toMatchObject({
      id: salem.profile.id,
      nationality: 'OM',
      currentCountry: 'OM',
      visaStatus: 'gcc_national',
      availableFrom: day(20),
      drivingLicences: ['bus'],
      licenceCountry: 'OM',
      salaryMin: 600,
      salaryMax: 800,
      salaryCurrency: 'OMR',
      verifiedFacts: [],
    });
    const page = await company.agent.get(`/api/candidates/${salem.profile.id}`).expect(200);
    expect(page.body).toMatchObject({ visaStatus: 'gcc_national', licenceCountry: 'OM' });
  });
});

describe('verified by a reviewer', () => {
  /** As the review page does: a mark names the value the page shows. */
  const verify = async (seeker: Seeker, fact: string, verified: boolean, status: number) => {
    const page = await admin.agent.get(`/api/admin/profiles/${seeker.profile.id}`).expect(200);
    const value = VERIFIABLE_FACTS.includes(fact as VerifiableFact) ? factValue(page.body, fact as VerifiableFact) : null;
    return admin.agent.post(`/api/admin/profiles/${seeker.profile.id}/facts/${fact}`).send(verified ? { verified, value } : { verified }).expect(status);
  };
  const audit = (seeker: Seeker, action: string) =>
    db().select().from(auditLog).where(and(eq(auditLog.subjectId, seeker.profile.id), eq(auditLog.action, action)));

  it('marks a fact verified with who and when, writes its audit row, and the card shows it', async () => {
    const res = await verify(joy, 'visaStatus', true, 200);
    expect(res.body.factVerifications.visaStatus).toMatchObject({ by: admin.id, byEmail: admin.email });
    const [row] = await audit(joy, 'profile.fact_verified');
    expect(row).toMatchObject({ actorId: admin.id, details: { fact: 'visaStatus', value: 'cancelled', userId: joy.id } });
    const card = await company.agent.get('/api/candidates').query({ q: 'Joy' }).expect(200);
    expect(card.body.items[0].verifiedFacts).toEqual(['visaStatus']);

    // Taken away again: its own audit row.
    await verify(joy, 'visaStatus', false, 200);
    expect(await audit(joy, 'profile.fact_unverified')).toHaveLength(1);
    const after = await company.agent.get('/api/candidates').query({ q: 'Joy' }).expect(200);
    expect(after.body.items[0].verifiedFacts).toEqual([]);
  });

  it('loses the mark when the job seeker changes that fact, keeps the others', async () => {
    await verify(salem, 'nationality', true, 200);
    await verify(salem, 'drivingLicence', true, 200);
    await salem.agent.patch('/api/job-seeker/profile').send({ drivingLicences: ['bus', 'heavy'], licenceCountry: 'OM' }).expect(200);
    const { body } = await salem.agent.get('/api/job-seeker/profile').expect(200);
    expect(Object.keys(body.factVerifications)).toEqual(['nationality']);
  });

  it('refuses to mark a value the reviewer never saw: one the job seeker changed after the page was opened', async () => {
    const amal = await approvedSeeker({ fullName: 'Amal Haddad', nationality: 'JO', currentCountry: 'AE' });
    const { body: seen } = await admin.agent.get(`/api/admin/profiles/${amal.profile.id}`).expect(200);
    const before = factValue(seen, 'currentCountry');
    await amal.agent.patch('/api/job-seeker/profile').send({ currentCountry: 'KP' }).expect(200);
    const refused = await admin.agent.post(`/api/admin/profiles/${amal.profile.id}/facts/currentCountry`).send({ verified: true, value: before }).expect(409);
    expect(refused.body).toEqual({
      code: 'admin.fact_changed',
      message: 'The job seeker changed this fact after you opened the profile. Check the value shown now and mark it again.',
    });
    const { body: now } = await admin.agent.get(`/api/admin/profiles/${amal.profile.id}`).expect(200);
    expect(now.factVerifications.currentCountry).toBeUndefined();
    expect(await audit(amal, 'profile.fact_verified')).toEqual([]);
    // A mark must name its value; the value shown now is marked.
    await admin.agent.post(`/api/admin/profiles/${amal.profile.id}/facts/currentCountry`).send({ verified: true }).expect(400);
    await admin.agent.post(`/api/admin/profiles/${amal.profile.id}/facts/currentCountry`).send({ verified: true, value: 'KP' }).expect(200);
    await verify(amal, 'currentCountry', false, 200);
  });

  it('refuses a fact not given, an unknown fact, and anyone but an administrator', async () => {
    const res = await verify(blank, 'nationality', true, 409);
    expect(res.body).toEqual({ code: 'admin.fact_not_declared', message: 'The job seeker has not given this yet, so there is nothing to verify.' });
    await verify(ravi, 'salary', true, 404);
    await admin.agent.post(`/api/admin/profiles/${ravi.profile.id}/facts/visaStatus`).send({ verified: 'yes' }).expect(400);
    await company.agent.post(`/api/admin/profiles/${ravi.profile.id}/facts/visaStatus`).send({ verified: true }).expect(403);
    await ravi.agent.post(`/api/admin/profiles/${ravi.profile.id}/facts/visaStatus`).send({ verified: true }).expect(403);
    expect(await audit(ravi, 'profile.fact_verified')).toEqual([]);
  });
});
