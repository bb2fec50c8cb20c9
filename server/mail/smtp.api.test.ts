// Contract test: delivery through a real SMTP server on loopback.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '#shared/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.ts';
import { enqueueEmail } from './outbox.ts';
import { verifyEmailTemplate } from './templates.ts';
import { createSmtpTransport, type MailTransport } from './transport.ts';
import { deliverDueEmails } from './worker.ts';

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let transport: MailTransport;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startTestSmtpServer({
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@rejected.example')) return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      callback();
    },
  });
  transport = createSmtpTransport(smtp.url);
});
afterAll(async () => {
  await transport.close?.();
  await smtp.close();
  await testDb.drop();
});

describe('SMTP delivery', () => {
  it('delivers a queued verification e-mail with its link, which the stored row no longer holds', async () => {
    const mail = verifyEmailTemplate({ productName: 'Wazifa', name: 'Amina', link: 'http://localhost:5000/verify-email?token=abc123' });
    const id = await enqueueEmail(testDb.database.db, { to: 'amina@example.com', template: 'verify_email', ...mail }, { secretsExpireAt: new Date(Date.now() + 3_600_000) });
    const result = await deliverDueEmails({ database: testDb.database, transport, from: 'Wazifa <support@wazifa.example>' });
    expect(result.sent).toBe(1);
    const delivered = smtp.inbox.at(-1)!;
    expect(delivered.subject).toBe('Confirm your e-mail address for Wazifa');
    expect((delivered.to as { text: string }).text).toBe('amina@example.com');
    expect(delivered.from?.value[0]).toMatchObject({ name: 'Wazifa', address: 'support@wazifa.example' });
    expect(delivered.text).toContain('http://localhost:5000/verify-email?token=abc123');
    expect(delivered.html).toContain('href="http://localhost:5000/verify-email?token=abc123"');
    const [row] = await testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe('sent');
    expect(JSON.stringify(row)).not.toContain('abc123');
  });

  it('keeps a refused e-mail for a retry, with the server reason', async () => {
    const id = await enqueueEmail(testDb.database.db, { to: 'nobody@rejected.example', template: 'verify_email', subject: 'x', text: 'y' });
    const result = await deliverDueEmails({ database: testDb.database, transport, from: 'support@wazifa.example' });
    expect(result.retried).toBe(1);
    const [row] = await testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row!.status).toBe('pending');
    expect(row!.lastError).toMatch(/550|No such mailbox|rejected/i);
  });
});
