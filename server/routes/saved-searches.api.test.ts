// Saved searches and their alert e-mails: who may keep them, bad input, the limit, and the alert job: the profiles
// approved since the last e-mail that match, once per period across workers, in the company's language, and the
// e-mail's link that stops it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { companyProfiles, emailOutbox, savedSearches } from '#shared/schema.ts';
import { SAVED_SEARCHES_MAX } from '#shared/saved-searches.ts';
import type { Clock } from '../clock.ts';
import { sendDueSearchAlerts, stopAlertToken } from '../services/saved-searches.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { activeCompany, approvedJobSeeker, signedInAgent, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;
// The app's clock, moved by the tests: alerts are due by it.
let now = new Date();
const clock: Clock = { now: () => now };

type Agent = Awaited<ReturnType<typeof signedInAgent>>;
let admin: Agent;

/** A company whose subscription runs by the app's clock (or ended the day before). */
const company = (options: { locale?: string; ended?: boolean } = {}) =>
  activeCompany(testApp, { contactPerson: 'Huda Saleh', now, daysLeft: options.ended ? -1 : 60, locale: options.locale });

/** A profile approved by the team now (by the app's clock). */
const approved = (overrides: Parameters<typeof approvedJobSeeker>[2]) => approvedJobSeeker(testApp, admin, overrides);

const alertsTo = (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'saved_search_alert')));
const runAlerts = () => sendDueSearchAlerts({ db: db(), clock, productName: 'Wazifa', publicUrl: 'https://wazifa.example', secret: testApp.config.sessionSecret! });

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, clock });
  admin = await signedInAgent(testApp, { admin: true });
});
afterAll(() => testApp.close());

describe('saved searches', () => {
  it('are kept per company: saved, listed, renamed, alerted, deleted; another company sees none of them', async () => {
    const hirer = await company();
    const other = await company();
    const { body: saved } = await hirer.agent
      .post('/api/saved-searches')
      .send({ name: ' Drivers in Dubai ', query: 'locations=Dubai, UAE&q=driver&sort=experience&shown=48', alert: 'daily' })
      .expect(201);
    // The search is kept in one written form, without the page position.
    expect(saved).toMatchObject({ name: 'Drivers in Dubai', query: 'q=driver&locations=Dubai%2C+UAE&sort=experience', alert: 'daily' });
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items).toEqual([saved]);
    expect((await other.agent.get('/api/saved-searches').expect(200)).body.items).toEqual([]);

    // Another company's id is not found, whatever it asks.
    expect((await other.agent.patch(`/api/saved-searches/${saved.id}`).send({ alert: 'none' }).expect(404)).body.code).toBe('searches.not_found');
    await other.agent.delete(`/api/saved-searches/${saved.id}`).expect(404);
    await hirer.agent.patch('/api/saved-searches/not-an-id').send({ alert: 'none' }).expect(404);

    const { body: weekly } = await hirer.agent.patch(`/api/saved-searches/${saved.id}`).send({ alert: 'weekly', name: 'Dubai drivers' }).expect(200);
    expect(weekly).toMatchObject({ name: 'Dubai drivers', alert: 'weekly' });
    await hirer.agent.delete(`/api/saved-searches/${saved.id}`).expect(204);
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items).toEqual([]);
  });

  it('refuse bad input with the field message, and store nothing', async () => {
    const hirer = await company();
    const cases: [unknown, string][] = [
      [{ name: '', query: 'q=driver' }, 'Please give the search a name'],
      [{ name: 'x'.repeat(81), query: 'q=driver' }, 'Please keep the name under 80 characters'],
      [{ name: 'Bad\u0000name', query: 'q=driver' }, 'Name must not contain control characters'],
      [{ name: 'Drivers', query: 'industries=Astronauts' }, 'The search is not valid'],
      [{ name: 'Drivers', query: 'minYears=9&maxYears=2' }, 'The search is not valid'],
      [{ name: 'Drivers' }, 'The search is missing'],
      [{ name: 'Drivers', query: 'q=driver', alert: 'hourly' }, 'The alert must be none, daily or weekly'],
    ];
    for (const [body, message] of cases) {
      const res = await hirer.agent.post('/api/saved-searches').send(body as object).expect(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 'common.invalid_input', message });
    }
    expect((await hirer.agent.patch('/api/saved-searches/00000000-0000-4000-8000-000000000000').send({}).expect(400)).body.message).toBe('Nothing to change');
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items).toEqual([]);
  });

  it(`are unique by name, and at most ${SAVED_SEARCHES_MAX} per company`, async () => {
    const hirer = await company();
    await hirer.agent.post('/api/saved-searches').send({ name: 'Cooks', query: 'q=cook' }).expect(201);
    expect((await hirer.agent.post('/api/saved-searches').send({ name: 'Cooks', query: 'q=chef' }).expect(409)).body).toEqual({
      code: 'searches.name_taken',
      message: 'You already have a saved search with this name',
    });
    await Promise.all(
      Array.from({ length: SAVED_SEARCHES_MAX - 1 }, (_, i) => hirer.agent.post('/api/saved-searches').send({ name: `Search ${i}`, query: `q=word${i}` }).expect(201)),
    );
    const refused = await hirer.agent.post('/api/saved-searches').send({ name: 'One more', query: 'q=more' }).expect(409);
    expect(refused.body).toEqual({ code: 'searches.limit', message: `You can keep up to ${SAVED_SEARCHES_MAX} saved searches. Please delete one first.`, params: { max: SAVED_SEARCHES_MAX } });
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items).toHaveLength(SAVED_SEARCHES_MAX);
  });

  it('are created at most 30 times an hour per person, deleted or not; others are not held up', async () => {
    const looping = await company();
    for (let i = 0; i < 30; i++) {
      const { body } = await looping.agent.post('/api/saved-searches').send({ name: `Loop ${i}`, query: 'q=loop' }).expect(201);
      await looping.agent.delete(`/api/saved-searches/${body.id}`).expect(204);
    }
    const refused = await looping.agent.post('/api/saved-searches').send({ name: 'Loop 30', query: 'q=loop' }).expect(429);
    expect(refused.body.code).toBe('common.rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await looping.agent.get('/api/saved-searches').expect(200)).body.items).toEqual([]);
    const other = await company();
    await other.agent.post('/api/saved-searches').send({ name: 'Masons', query: 'q=mason' }).expect(201);
  });

  it('are only for companies with access', async () => {
    const seeker = await signedInAgent(testApp, { role: 'job_seeker' });
    await seeker.agent.get('/api/saved-searches').expect(403);
    const ended = await company({ ended: true });
    await ended.agent.post('/api/saved-searches').send({ name: 'Drivers', query: 'q=driver' }).expect(403);
  });
});

describe('alerts of saved searches', () => {
  it('e-mail the profiles approved since the last one that match, once per period, then stop by the link', async () => {
    const hirer = await company();
    const { body: saved } = await hirer.agent
      .post('/api/saved-searches')
      .send({ name: 'Night security', query: 'industries=Security&q=night', alert: 'daily' })
      .expect(201);
    // Matching, approved before the save: not new.
    await approved({ fullName: 'Early Bird', industries: ['Security'], bio: 'Night guard at a mall.' });
    now = new Date(now.getTime() + 60_000);
    await db().update(savedSearches).set({ alertSince: now }).where(eq(savedSearches.id, saved.id));
    now = new Date(now.getTime() + 60_000);
    // After the save: one that matches, and two that do not (another industry; no 'night').
    const joseph = await approved({ fullName: 'Joseph Mwangi', industries: ['Security'], location: 'Abu Dhabi, UAE', yearsOfExperience: 6, bio: 'Night supervisor, 6 years.' });
    await approved({ fullName: 'Chef Nightingale', industries: ['Hospitality'], bio: 'Night chef.' });
    await approved({ fullName: 'Day Guard', industries: ['Security'], bio: 'Day shifts at a tower.' });

    // Not due yet: a day has not passed.
    await runAlerts();
    expect(await alertsTo(hirer.email)).toEqual([]);
    now = new Date(now.getTime() + DAY);
    // Two workers at once: one e-mail.
    await Promise.all([runAlerts(), runAlerts()]);
    const [mail, ...more] = await alertsTo(hirer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('1 new job seeker for “Night security”');
    expect(mail!.textBody).toContain('Joseph Mwangi (Security · Abu Dhabi, UAE · 6 years experience)');
    expect(mail!.textBody).toContain(`https://wazifa.example/dashboard/candidates/${joseph.profile.id}`);
    expect(mail!.textBody).toContain('https://wazifa.example/dashboard?q=night&industries=Security');
    expect(mail!.textBody).not.toContain('Early Bird');
    expect(mail!.textBody).not.toContain('Nightingale');
    expect(mail!.textBody).not.toContain('Day Guard');

    // The next day with nothing new: no e-mail.
    now = new Date(now.getTime() + DAY);
    await runAlerts();
    expect(await alertsTo(hirer.email)).toHaveLength(1);

    // The e-mail's link stops it, once; a link with another signature does nothing.
    const link = new URL(/https:\/\/wazifa\.example\/alerts\/stop\?token=\S+/.exec(mail!.textBody)![0]);
    const token = link.searchParams.get('token')!;
    expect(token).toBe(stopAlertToken(testApp.config.sessionSecret!, saved.id));
    const anyone = await signedInAgent(testApp, { role: 'job_seeker' });
    const forged = `${saved.id}.${'A'.repeat(43)}`;
    expect((await anyone.agent.post('/api/alerts/stop').send({ token: forged }).expect(400)).body.code).toBe('searches.link_invalid');
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items[0].alert).toBe('daily');
    expect((await anyone.agent.post('/api/alerts/stop').send({ token }).expect(200)).body).toEqual({ name: 'Night security' });
    expect((await hirer.agent.get('/api/saved-searches').expect(200)).body.items[0].alert).toBe('none');
    await approved({ fullName: 'Late Night', industries: ['Security'], bio: 'Night patrols.' });
    now = new Date(now.getTime() + 2 * DAY);
    await runAlerts();
    expect(await alertsTo(hirer.email)).toHaveLength(1);
  });

  it('write to the company in its language, and list at most twenty with a link to the rest', async () => {
    const hirer = await company({ locale: 'ar' });
    await hirer.agent.post('/api/saved-searches').send({ name: 'مطاعم', query: 'industries=Hospitality&q=waiter', alert: 'weekly' }).expect(201);
    now = new Date(now.getTime() + 60_000);
    for (let i = 0; i < 21; i++) await approved({ fullName: `Waiter Number${String.fromCharCode(65 + i)}`, industries: ['Hospitality'], bio: 'Waiter in a hotel.' });
    now = new Date(now.getTime() + DAY);
    await runAlerts();
    expect(await alertsTo(hirer.email)).toEqual([]);
    now = new Date(now.getTime() + 6 * DAY);
    await runAlerts();
    const [mail, ...more] = await alertsTo(hirer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('مطاعم');
    expect(mail!.htmlBody).toContain('dir="rtl"');
    expect(mail!.htmlBody).toContain('افتح البحث');
    expect(mail!.textBody.match(/Waiter Number/g)).toHaveLength(20);
    expect(mail!.textBody).toContain('\u206821\u2069');
  });

  it('send nothing to a company whose subscription ended', async () => {
    const hirer = await company();
    await hirer.agent.post('/api/saved-searches').send({ name: 'Cleaners', query: 'industries=Cleaning Services', alert: 'daily' }).expect(201);
    await db().update(companyProfiles).set({ subscriptionEndDate: new Date(now.getTime() + DAY / 2) }).where(eq(companyProfiles.id, hirer.companyId));
    now = new Date(now.getTime() + 60_000);
    await approved({ fullName: 'Clean Sweep', industries: ['Cleaning Services'] });
    now = new Date(now.getTime() + DAY + 60_000);
    await runAlerts();
    expect(await alertsTo(hirer.email)).toEqual([]);
  });
});
