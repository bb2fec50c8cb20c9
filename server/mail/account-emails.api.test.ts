// Contract test: the product's own account e-mails go out through a real SMTP server, and their links work.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlePasswordResetRequests } from '../services/account-passwords.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { deliverDueEmails } from './worker.ts';

let testApp: TestApp;
let smtp: TestSmtpServer;
let transport: MailTransport;

beforeAll(async () => {
  testApp = await createTestApp({ env: { PUBLIC_URL: 'https://wazifa.example' } });
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport(smtp.url);
});
afterAll(async () => {
  await transport.close?.();
  await smtp.close();
  await testApp.close();
});

async function deliverAndOpen(to: string): Promise<URL> {
  const result = await deliverDueEmails({ database: testApp.testDatabase.database, transport, from: testApp.config.mailFrom });
  expect(result.sent).toBeGreaterThan(0);
  const mail = smtp.inbox.filter((m) => (m.to as { text: string }).text === to).at(-1)!;
  const link = /https:\/\/wazifa\.example\/\S+/.exec(mail.text!)![0];
  return new URL(link);
}

describe('account e-mails over SMTP', () => {
  it('delivers the verification link, which confirms the address', async () => {
    const agent = request.agent(testApp.app);
    await agent.post('/api/auth/signup').send({ email: 'smtp.verify@example.com', password: 'long enough 1' });
    const link = await deliverAndOpen('smtp.verify@example.com');
    expect(link.pathname).toBe('/verify-email');
    expect(smtp.inbox.at(-1)!.subject).toBe('Confirm your e-mail address for Wazifa');
    const token = link.searchParams.get('token');
    // Elsewhere, the link asks for the password chosen at sign-up (or a new one)...
    expect((await request(testApp.app).post('/api/auth/verify-email').send({ token })).body).toMatchObject({ passwordRequired: true });
    // ...and in the browser that signed up, it confirms at once.
    const res = await agent.post('/api/auth/verify-email').send({ token });
    expect(res.body).toEqual({ verified: true, email: 'smtp.verify@example.com' });
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(true);
  });

  it('delivers the reset link, which sets a new password once', async () => {
    await request(testApp.app).post('/api/auth/signup').send({ email: 'smtp.reset@example.com', password: 'old password 1' });
    await deliverAndOpen('smtp.reset@example.com');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email: 'smtp.reset@example.com' });
    // The reset e-mail is written after the answer.
    await settlePasswordResetRequests(testApp.testDatabase.database.db);
    const link = await deliverAndOpen('smtp.reset@example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(smtp.inbox.at(-1)!.subject).toBe('Reset your Wazifa password');
    const token = link.searchParams.get('token');
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password 2' })).status).toBe(200);
    expect(
      (await request(testApp.app).post('/api/auth/login').send({ email: 'smtp.reset@example.com', password: 'new password 2' })).status,
    ).toBe(200);
  });
});
