// Contract test: the product's own account e-mails go out through a real SMTP server, and their links work.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { deliverDueEmails } from './worker.ts';

let testApp: TestApp;
let smtp: SMTPServer;
let transport: MailTransport;
const inbox: ParsedMail[] = [];

beforeAll(async () => {
  testApp = await createTestApp({ env: { PUBLIC_URL: 'https://wazifa.example' } });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'], // the package's own certificate has expired
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        inbox.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  transport = createSmtpTransport(`smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}`);
});
afterAll(async () => {
  await transport.close?.();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await testApp.close();
});

async function deliverAndOpen(to: string): Promise<URL> {
  const result = await deliverDueEmails({ database: testApp.testDatabase.database, transport, from: testApp.config.mailFrom });
  expect(result.sent).toBeGreaterThan(0);
  const mail = inbox.filter((m) => (m.to as { text: string }).text === to).at(-1)!;
  const link = /https:\/\/wazifa\.example\/\S+/.exec(mail.text!)![0];
  return new URL(link);
}

describe('account e-mails over SMTP', () => {
  it('delivers the verification link, which confirms the address', async () => {
    const agent = request.agent(testApp.app);
    await agent.post('/api/auth/signup').send({ email: 'smtp.verify@example.com', password: 'long enough 1' });
    const link = await deliverAndOpen('smtp.verify@example.com');
    expect(link.pathname).toBe('/verify-email');
    expect(inbox.at(-1)!.subject).toBe('Confirm your e-mail address for Wazifa');
    const res = await request(testApp.app).post('/api/auth/verify-email').send({ token: link.searchParams.get('token') });
    expect(res.status).toBe(200);
    expect((await agent.get('/api/auth/user')).body.emailVerified).toBe(true);
  });

  it('delivers the reset link, which sets a new password once', async () => {
    await request(testApp.app).post('/api/auth/signup').send({ email: 'smtp.reset@example.com', password: 'old password 1' });
    await deliverAndOpen('smtp.reset@example.com');
    await request(testApp.app).post('/api/auth/forgot-password').send({ email: 'smtp.reset@example.com' });
    const link = await deliverAndOpen('smtp.reset@example.com');
    expect(link.pathname).toBe('/reset-password');
    expect(inbox.at(-1)!.subject).toBe('Reset your Wazifa password');
    const token = link.searchParams.get('token');
    expect((await request(testApp.app).post('/api/auth/reset-password').send({ token, password: 'new password 2' })).status).toBe(200);
    expect(
      (await request(testApp.app).post('/api/auth/login').send({ email: 'smtp.reset@example.com', password: 'new password 2' })).status,
    ).toBe(200);
  });
});
