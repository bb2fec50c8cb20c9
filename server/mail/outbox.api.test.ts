import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '#shared/schema.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { enqueueEmail } from './outbox.ts';
import { passwordResetTemplate } from './templates.ts';
import type { MailMessage, MailTransport } from './transport.ts';
import { deliverDueEmails, LEASE_MS, MAX_ATTEMPTS } from './worker.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());
beforeEach(async () => {
  await testDb.database.db.delete(emailOutbox);
});

/** A transport double that records what it was asked to send, and can be told to fail. */
function recordingTransport(options: { failWith?: string; delayMs?: number } = {}): MailTransport & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (options.failWith) throw new Error(options.failWith);
      sent.push(message);
    },
  };
}

const message = (to: string) => ({ to, template: 'verify_email', subject: 'Hello', text: 'Body' });
const t0 = new Date('2026-05-01T10:00:00Z');

describe('outbox', () => {
  it('writes nothing when the transaction that queued the e-mail rolls back', async () => {
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await enqueueEmail(tx, message('rollback@example.com'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await testDb.database.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('sends each due e-mail once, even with two workers at the same time', async () => {
    for (let i = 0; i < 10; i++) await enqueueEmail(testDb.database.db, message(`to${i}@example.com`), { now: t0 });
    const transport = recordingTransport({ delayMs: 5 });
    const [a, b] = await Promise.all([
      deliverDueEmails({ database: testDb.database, transport, from: 'Wazifa <s@w.example>', now: t0 }),
      deliverDueEmails({ database: testDb.database, transport, from: 'Wazifa <s@w.example>', now: t0 }),
    ]);
    expect(a.sent + b.sent).toBe(10);
    expect(new Set(transport.sent.map((m) => m.to)).size).toBe(10);
    expect(transport.sent).toHaveLength(10);
    const rows = await testDb.database.db.select().from(emailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt && r.attempts === 1)).toBe(true);
  });

  it('does not send e-mails that are not due yet', async () => {
    await enqueueEmail(testDb.database.db, message('later@example.com'), { now: new Date(t0.getTime() + 60_000) });
    const transport = recordingTransport();
    expect(await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now: t0 })).toEqual({ sent: 0, retried: 0, failed: 0, expired: 0 });
  });

  it('retries failures with backoff and gives up after the last attempt', async () => {
    const id = await enqueueEmail(testDb.database.db, message('flaky@example.com'), { now: t0 });
    const transport = recordingTransport({ failWith: '451 try again later' });
    let now = t0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      expect(await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now })).toMatchObject({ retried: 1 });
      const [row] = await testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastError: '451 try again later' });
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
      // Not due again before its time.
      expect((await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now })).retried).toBe(0);
      now = row!.nextAttemptAt;
    }
    expect(await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now })).toMatchObject({ failed: 1 });
    const [row] = await testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
  });

  it('makes an e-mail due again when the worker that claimed it died', async () => {
    await enqueueEmail(testDb.database.db, message('orphan@example.com'), { now: t0 });
    // A worker claims it, then dies before sending: simulated by claiming with a transport that never finishes.
    const hanging: MailTransport = { send: () => new Promise(() => {}) };
    void deliverDueEmails({ database: testDb.database, transport: hanging, from: 'x@w.example', now: t0 });
    await expect.poll(async () => (await testDb.database.db.select().from(emailOutbox))[0]!.attempts).toBe(1);

    const transport = recordingTransport();
    expect((await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now: t0 })).sent).toBe(0);
    const afterLease = new Date(t0.getTime() + LEASE_MS + 1);
    expect((await deliverDueEmails({ database: testDb.database, transport, from: 'x@w.example', now: afterLease })).sent).toBe(1);
  });

  describe('links that only the recipient may read', () => {
    const link = 'https://wazifa.example/reset-password?token=s3cr3t-t0k3n';
    const secretMessage = (to: string) => ({ to, ...passwordResetTemplate({ productName: 'Wazifa', link, validMinutes: 60 }), template: 'reset_password' });
    const rowOf = async (id: string) => (await testDb.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
    const from = 'x@w.example';

    it('are stored apart, filled in at delivery, and gone from the row once it is sent', async () => {
      const id = await enqueueEmail(testDb.database.db, secretMessage('reset@example.com'), { now: t0, secretsExpireAt: new Date(t0.getTime() + 3_600_000) });
      const queued = await rowOf(id);
      expect(queued.textBody).not.toContain('s3cr3t-t0k3n');
      expect(queued.htmlBody).not.toContain('s3cr3t-t0k3n');

      const transport = recordingTransport();
      expect(await deliverDueEmails({ database: testDb.database, transport, from, now: t0 })).toMatchObject({ sent: 1 });
      expect(transport.sent[0]!.text).toContain(link);
      expect(transport.sent[0]!.html).toContain(`href="${link}"`);
      const sent = await rowOf(id);
      expect(sent).toMatchObject({ status: 'sent', secrets: null });
      expect(JSON.stringify(sent)).not.toContain('s3cr3t-t0k3n');
    });

    it('stay while delivery fails and the link works, so a retry can send it; they go when the link expires', async () => {
      const secretsExpireAt = new Date(t0.getTime() + 48 * 3_600_000);
      const id = await enqueueEmail(testDb.database.db, secretMessage('flaky@example.com'), { now: t0, secretsExpireAt });
      const transport = recordingTransport({ failWith: '451 try again later' });
      let now = t0;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        await deliverDueEmails({ database: testDb.database, transport, from, now });
        now = (await rowOf(id)).nextAttemptAt;
      }
      const failed = await rowOf(id);
      expect(failed).toMatchObject({ status: 'failed', secrets: { link } });

      const afterExpiry = new Date(secretsExpireAt.getTime() + 1);
      expect(await deliverDueEmails({ database: testDb.database, transport, from, now: afterExpiry })).toMatchObject({ expired: 1 });
      expect(await rowOf(id)).toMatchObject({ status: 'failed', secrets: null, lastError: '451 try again later' });
    });

    it('give up a pending e-mail whose link expired before it could be sent', async () => {
      const secretsExpireAt = new Date(t0.getTime() + 60_000);
      const id = await enqueueEmail(testDb.database.db, secretMessage('late@example.com'), { now: t0, secretsExpireAt });
      const transport = recordingTransport();
      expect(await deliverDueEmails({ database: testDb.database, transport, from, now: new Date(secretsExpireAt.getTime() + 1) })).toEqual({
        sent: 0,
        retried: 0,
        failed: 0,
        expired: 1,
      });
      expect(transport.sent).toHaveLength(0);
      expect(await rowOf(id)).toMatchObject({ status: 'failed', secrets: null, lastError: 'The link in this e-mail expired before it could be sent' });
    });

    it('cannot be queued without the time their link expires', async () => {
      await expect(enqueueEmail(testDb.database.db, secretMessage('no-expiry@example.com'))).rejects.toThrow(/secretsExpireAt/);
    });
  });
});
