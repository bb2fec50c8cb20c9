// "Are you still looking for work?": who is asked and how often, in their language, and the e-mail's link: once,
// before it expires, without signing in.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, jobSeekerProfiles, users } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { readEmailLink } from '../test/emails.ts';
import { jobSeekerWithProfile, PROFILE, TRUSTED_PROXY_ENV } from '../test/fixtures.ts';
import { askStillLooking, STILL_LOOKING_LINK_TTL_MS } from './still-looking.ts';

let testApp: TestApp;
const db = () => testApp.testDatabase.database.db;
const DAY = 24 * 3600 * 1000;
let now = new Date();
const clock: Clock = { now: () => now };
const ask = () => askStillLooking({ db: db(), clock, productName: 'Wazifa', publicUrl: 'https://wazifa.example' });

beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV, clock });
});
afterAll(() => testApp.close());

/** A job seeker in the given state who last said they were looking `days` ago. */
async function seeker(days: number, options: { status?: string; visibility?: string; locale?: string } = {}) {
  const person = await jobSeekerWithProfile(testApp);
  await db().update(users).set({ status: options.status ?? 'active', locale: options.locale ?? 'en' }).where(eq(users.id, person.id));
  await db()
    .update(jobSeekerProfiles)
    .set({ lookingConfirmedAt: new Date(now.getTime() - days * DAY), visibility: options.visibility ?? 'visible' })
    .where(eq(jobSeekerProfiles.id, person.profile.id));
  return person;
}
const asked = (email: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'still_looking')));

describe('asking whether a job seeker is still looking', () => {
  it('asks approved, visible job seekers quiet for a month, once a month, in their language', async () => {
    const due = await seeker(40);
    const hindi = await seeker(45, { locale: 'hi' });
    const recent = await seeker(10);
    const hidden = await seeker(60, { visibility: 'hidden' });
    const pending = await seeker(60, { status: 'pending' });
    await ask();
    expect(await asked(due.email)).toHaveLength(1);
    const [mail] = await asked(hindi.email);
    expect(mail!.subject).toBe('क्या आप अभी भी काम ढूँढ रहे हैं?');
    for (const person of [recent, hidden, pending]) expect(await asked(person.email)).toEqual([]);
    // The link is not in the message as stored: it acts for the recipient.
    expect(mail!.textBody).not.toMatch(/still-looking\?token=/);

    // The next day, and three weeks on: not again. A month on, if still quiet: again.
    now = new Date(now.getTime() + DAY);
    await ask();
    now = new Date(now.getTime() + 21 * DAY);
    await ask();
    expect(await asked(due.email)).toHaveLength(1);
    now = new Date(now.getTime() + 9 * DAY);
    await ask();
    expect(await asked(due.email)).toHaveLength(2);
  });

  it("confirms through the e-mail's link once, without signing in; a used or expired link says so", async () => {
    const person = await seeker(50);
    await ask();
    const link = new URL(await readEmailLink(db(), person.email, 'still_looking', '/still-looking'));
    const token = link.searchParams.get('token')!;
    const anyone = request(testApp.app);
    const { body } = await anyone.post('/api/still-looking').send({ token }).expect(200);
    expect(body).toEqual({ fullName: PROFILE.fullName });
    const [profile] = await db().select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.id, person.profile.id));
    expect(profile!.lookingConfirmedAt.getTime()).toBe(now.getTime());
    const again = await anyone.post('/api/still-looking').send({ token }).expect(400);
    expect(again.body).toEqual({
      code: 'profile.looking_link_used',
      message: 'This link has expired or was already used. You can say you are still looking on your profile page.',
    });

    // Another one, opened too late.
    await db().update(jobSeekerProfiles).set({ lookingConfirmedAt: new Date(now.getTime() - 60 * DAY), lookingAskedAt: null }).where(eq(jobSeekerProfiles.id, person.profile.id));
    await ask();
    const late = new URL(await readEmailLink(db(), person.email, 'still_looking', '/still-looking')).searchParams.get('token')!;
    expect(late).not.toBe(token);
    now = new Date(now.getTime() + STILL_LOOKING_LINK_TTL_MS + 1000);
    expect((await anyone.post('/api/still-looking').send({ token: late }).expect(400)).body.code).toBe('profile.looking_link_used');
    expect((await anyone.post('/api/still-looking').send({}).expect(400)).body.message).toBe('The link is not valid');
  });
});
