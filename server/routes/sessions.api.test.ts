// The account's signed-in devices on /profile and /account: each named by its browser and system, placed by its
// network prefix only, with when it was last used; each can be signed out, and all others at once.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionView } from '#shared/sessions.ts';
import { settleSessionTouches } from '../auth/session-store.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { TRUSTED_PROXY_ENV, uniqueEmail } from '../test/fixtures.ts';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_EDGE = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ env: TRUSTED_PROXY_ENV });
});
afterAll(() => testApp.close());

const query = (text: string, values: unknown[] = []) => testApp.testDatabase.database.pool.query(text, values);

/** An account signed in on three devices: a phone at home, an iPhone on an IPv6 network, a computer at work. */
async function threeDevices() {
  const email = uniqueEmail('devices');
  const phone = request.agent(testApp.app).set('User-Agent', ANDROID_CHROME).set('X-Forwarded-For', '203.0.113.7');
  const signup = await phone.post('/api/auth/signup').send({ email, password: 'long enough 1', role: 'job_seeker' }).expect(201);
  const iphone = request.agent(testApp.app).set('User-Agent', IPHONE_SAFARI).set('X-Forwarded-For', '2001:db8:85a3:12::9');
  await iphone.post('/api/auth/login').send({ email, password: 'long enough 1' }).expect(200);
  const computer = request.agent(testApp.app).set('User-Agent', WINDOWS_EDGE).set('X-Forwarded-For', '198.51.100.20');
  await computer.post('/api/auth/login').send({ email, password: 'long enough 1' }).expect(200);
  return { email, id: signup.body.id as string, phone, iphone, computer };
}

const list = async (agent: request.Agent) => (await agent.get('/api/auth/sessions').expect(200)).body.items as SessionView[];

describe('the list of signed-in devices', () => {
  it('names each device by browser and system, places it by network prefix only, the asking one first', async () => {
    const { phone, iphone } = await threeDevices();
    // Seen from the same home network as the phone's sign-in.
    const items = await list(phone.set('X-Forwarded-For', '203.0.113.99'));
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ current: true, browser: 'Chrome', system: 'Android', kind: 'phone', network: '203.0.113.0/24', sameNetwork: true });
    const byBrowser = Object.fromEntries(items.map((item) => [item.browser, item]));
    expect(byBrowser.Safari).toMatchObject({ current: false, system: 'iOS', kind: 'phone', network: '2001:db8:85a3::/48', sameNetwork: false });
    expect(byBrowser.Edge).toMatchObject({ current: false, system: 'Windows', kind: 'computer', network: '198.51.100.0/24' });
    // Never the whole address, never the session's own id.
    const text = JSON.stringify(items);
    expect(text).not.toContain('203.0.113.7');
    expect(text).not.toContain('85a3:12');
    const { rows } = await query(`select sid from sessions`);
    for (const { sid } of rows) expect(text).not.toContain(sid);
    // The iPhone sees itself first.
    expect((await list(iphone))[0]).toMatchObject({ current: true, browser: 'Safari' });
  });

  it('says when each device was last used, to within the minute its session is touched', async () => {
    const { id, phone, iphone } = await threeDevices();
    // The iPhone was last used 40 minutes ago: its stored deadline is 40 minutes behind.
    await query(
      `update sessions set expire = expire - interval '40 minutes' where sess->>'userId' = $1 and sess->>'userAgent' = $2`,
      [id, IPHONE_SAFARI],
    );
    const minutesAgo = (item: SessionView | undefined) => (Date.now() - Date.parse(item!.lastSeenAt)) / 60_000;
    let items = await list(phone);
    expect(minutesAgo(items.find((i) => i.browser === 'Safari'))).toBeGreaterThan(39);
    expect(minutesAgo(items.find((i) => i.browser === 'Safari'))).toBeLessThan(42);
    // Listed by last use after the asking device: the computer (just now), then the iPhone.
    expect(items.map((i) => i.browser)).toEqual(['Chrome', 'Edge', 'Safari']);
    // Used again: the touch moves its deadline (at most once a minute), and it is "just now" again.
    await iphone.get('/api/auth/user').expect(200);
    await settleSessionTouches(testApp.testDatabase.database);
    items = await list(phone);
    expect(minutesAgo(items.find((i) => i.browser === 'Safari'))).toBeLessThan(1.5);
  });

  it('signs out one device, which is signed out at once; an unknown or foreign id is not found', async () => {
    const { phone, iphone, computer } = await threeDevices();
    const safari = (await list(phone)).find((i) => i.browser === 'Safari')!;
    await phone.delete(`/api/auth/sessions/${safari.id}`).expect(204);
    expect((await iphone.get('/api/auth/user')).status).toBe(401);
    expect((await list(phone)).map((i) => i.browser)).toEqual(['Chrome', 'Edge']);
    expect((await phone.delete(`/api/auth/sessions/${safari.id}`)).body.code).toBe('auth.session_not_found');
    expect((await phone.delete('/api/auth/sessions/not-an-id')).status).toBe(404);
    // Another account cannot sign my devices out, nor see them.
    const stranger = await threeDevices();
    const edge = (await list(phone)).find((i) => i.browser === 'Edge')!;
    expect((await stranger.phone.delete(`/api/auth/sessions/${edge.id}`)).status).toBe(404);
    expect((await list(stranger.phone)).map((i) => i.id)).not.toContain(edge.id);
    await computer.get('/api/auth/user').expect(200);
  });

  it('signing out this device from the list signs it out here', async () => {
    const { phone, computer } = await threeDevices();
    const [self] = await list(phone);
    const res = await phone.delete(`/api/auth/sessions/${self!.id}`).expect(204);
    expect(String(res.headers['set-cookie'])).toMatch(/wazifa\.sid=;/);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect(await list(computer)).toHaveLength(2);
  });

  it('"sign out all other devices" ends them and removes them from the list and the table', async () => {
    const { id, phone, iphone, computer } = await threeDevices();
    await phone.post('/api/auth/sessions/end-others').expect(204);
    expect((await iphone.get('/api/auth/user')).status).toBe(401);
    expect((await computer.get('/api/auth/user')).status).toBe(401);
    expect((await list(phone)).map((i) => i.current)).toEqual([true]);
    const { rows } = await query(`select count(*)::int as n from sessions where sess->>'userId' = $1`, [id]);
    expect(rows[0].n).toBe(1);
  });

  it('is only for a signed-in account', async () => {
    expect((await request(testApp.app).get('/api/auth/sessions')).status).toBe(401);
  });
});
