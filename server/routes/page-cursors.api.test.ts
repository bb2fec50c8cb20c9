// Page cursors of every list: the client passes them back unchanged, so anything else (a forged time far out of
// range, a malformed value) is a 400 "The page cursor is not valid", never a database error.
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany, approveProfile, jobSeekerWithProfile, onboardedCompany, PDF, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
let company: Awaited<ReturnType<typeof signedInAgent>>;

async function careerApplication() {
  const anonymous = request.agent(testApp.app).set('X-Forwarded-For', `203.0.113.${Math.floor(Math.random() * 250)}`);
  const created = await anonymous.post('/api/career/resume-upload').expect(200);
  await anonymous.put(created.body.uploadURL).set('Content-Type', 'application/pdf').send(PDF).expect(200);
  const resumeUrl = (await anonymous.put('/api/career/resume-acl').send({ objectURL: created.body.uploadURL }).expect(200)).body.objectPath;
  await anonymous.post('/api/career-application').send({ name: 'Amina Khan', email: 'amina@example.com', resumeUrl }).expect(201);
}

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
  admin = await signedInAgent(testApp, { admin: true });
  // Two rows at least in every list, so each has a second page.
  await Promise.all([onboardedCompany(testApp), onboardedCompany(testApp)]);
  const approved = await Promise.all([jobSeekerWithProfile(testApp), jobSeekerWithProfile(testApp), jobSeekerWithProfile(testApp)]);
  await jobSeekerWithProfile(testApp);
  await jobSeekerWithProfile(testApp);
  for (const seeker of approved) await approveProfile(admin, seeker.profile.id);
  await careerApplication();
  await careerApplication();

  company = await activeCompany(testApp, { companyName: 'Gulf Hotels' });
});
afterAll(() => testApp.close());

/** Each list, as the role that reads it. */
const lists: [string, () => request.Agent][] = [
  ['/api/admin/companies', () => admin.agent],
  ['/api/admin/profiles?status=pending', () => admin.agent],
  ['/api/admin/profiles?status=approved', () => admin.agent],
  ['/api/admin/users', () => admin.agent],
  ['/api/admin/emails', () => admin.agent],
  ['/api/admin/audit', () => admin.agent],
  ['/api/admin/career-applications', () => admin.agent],
  ['/api/candidates?sort=newest', () => company.agent],
];

const read = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
const write = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** The cursor's time, wherever the list keeps it. */
const timeKey = (cursor: Record<string, unknown>) => ('at' in cursor ? 'at' : 'k');

async function secondPageCursor(path: string, agent: request.Agent): Promise<string> {
  const first = await agent.get(path).query({ limit: 1 });
  expect(first.status).toBe(200);
  expect(first.body.nextCursor).toEqual(expect.any(String));
  return first.body.nextCursor;
}

const withTime = (time: unknown) => (cursor: Record<string, unknown>) => ({ ...cursor, [timeKey(cursor)]: time });

const tampered: [string, (cursor: Record<string, unknown>) => unknown][] = [
  ['a negative year', withTime('-000001-01-01T00:00:00.000Z')],
  ['a negative year in exact form', withTime('-0001-01-01T00:00:00.000000Z')],
  ['year 0', withTime('0000-01-01T00:00:00.000000Z')],
  ['a year past 9999', withTime('+010000-01-01T00:00:00.000Z')],
  ['a year past 9999 in exact form', withTime('10000-01-01T00:00:00.000000Z')],
  ['the earliest time JavaScript knows', withTime(new Date(-8.64e15).toISOString())],
  ['a date without a time', withTime('2026-01-31')],
  ['a time in another zone', withTime('2026-01-31T10:00:00.000000+04:00')],
  ['a time that is a number', withTime(1767225600000)],
  ['an impossible date', withTime('2026-02-30T00:00:00.000000Z')],
  ['a word', withTime('yesterday')],
  ['no time', (c) => ({ ...c, [timeKey(c)]: undefined })],
  ['an id that is not a uuid', (c) => ({ ...c, id: "1' or '1'='1" })],
  ['a NUL in the id', (c) => ({ ...c, id: `${String(c.id).slice(0, 8)}\u0000` })],
  ['an array', (c) => [c]],
  ['null', () => null],
];

describe('a second-page cursor works, and a tampered one is a 400', () => {
  it.each(lists)('%s: the real cursor reads the next page', async (path, agent) => {
    const cursor = await secondPageCursor(path, agent());
    const res = await agent().get(path).query({ limit: 1, cursor });
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
  });

  const cases = lists.flatMap(([path, agent]) => tampered.map(([name, change]) => ({ title: `${path} with ${name}`, path, agent, change })));
  it.each(cases)('$title', async ({ path, agent, change }) => {
    const cursor = write(change(read(await secondPageCursor(path, agent()))));
    const res = await agent().get(path).query({ limit: 1, cursor });
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'The page cursor is not valid' });
  });

  it.each(lists)('%s: a cursor that is not base64 JSON at all', async (path, agent) => {
    for (const cursor of ['not a cursor', '\u0000', write('a string'), randomUUID()]) {
      const res = await agent().get(path).query({ limit: 1, cursor });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message: 'The page cursor is not valid' });
    }
  });
});
