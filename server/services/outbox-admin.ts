// The e-mail outbox in the admin console: what the product sent or will send, and a retry
// for the e-mails the worker gave up on. Links that act for the recipient are never shown here, and opening a
// message is audited (docs/decisions/0015).
import { and, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { AdminEmail, AdminEmailDetail, OUTBOX_STATUSES, Page } from '#shared/admin.ts';
import { auditLog, emailOutbox, type OutboxEmail, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { redactSecrets } from '../mail/secrets.ts';
import { containsPattern, countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf, uuidParam } from './keyset.ts';
import { DomainError } from '../domain-error.ts';

type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

function emailView(row: Omit<OutboxEmail, 'textBody' | 'htmlBody' | 'secrets'>): AdminEmail {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    template: row.template,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
  };
}

// Secrets are read by the worker alone. The list also leaves out the bodies (they can be large); the detail has them.
const { secrets: _secrets, ...detailColumns } = getTableColumns(emailOutbox);
const { textBody: _text, htmlBody: _html, ...listColumns } = detailColumns;

/**
 * Newest first, by status (email_outbox_status_created_at_idx) and by any part of the recipient's address
 * (email_outbox_to_address_trgm_idx, the same expression as here).
 */
export async function listEmails(db: Db, query: { status?: OutboxStatus; q?: string; cursor?: string; limit: number }): Promise<Page<AdminEmail>> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(emailOutbox.status, query.status));
  if (query.q) filters.push(sql`lower(${emailOutbox.toAddress}) like lower(${containsPattern(query.q)})`);
  const matching = filters.length > 0 ? and(...filters) : undefined;
  const scope = pageScope('emails', { status: query.status, q: query.q });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(emailOutbox.createdAt, emailOutbox.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({ ...listColumns, at: exactTimestamp(emailOutbox.createdAt) })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(emailOutbox).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => emailView(r),
    (r) => ({ at: r.at, id: r.id }),
  );
}

/** The message with its secrets hidden; who opened it goes to the audit log (messages hold people's details). */
export async function getEmail(ctx: { db: Db; clock: Clock }, admin: User, rawId: unknown): Promise<AdminEmailDetail> {
  const id = uuidParam(rawId, 'admin.email_not_found');
  const [row] = await ctx.db.select(detailColumns).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) throw new DomainError('admin.email_not_found');
  await ctx.db.insert(auditLog).values({
    actorId: admin.id,
    action: 'email.view',
    subjectType: 'email',
    subjectId: id,
    details: { to: row.toAddress, template: row.template },
    at: ctx.clock.now(),
  });
  return { ...emailView(row), text: redactSecrets(row.textBody), html: row.htmlBody && redactSecrets(row.htmlBody) };
}

/**
 * A failed e-mail goes back to the queue as if new: pending, no attempts, due now (the caller then kicks the
 * worker). Its last error moves to the audit row. Only failed ones: a pending one is still being tried, a sent
 * one would go out twice. Not one whose link has expired either: it would arrive without a link that works.
 */
export async function retryEmail(ctx: { db: Db; clock: Clock }, admin: User, rawId: unknown): Promise<AdminEmail> {
  const id = uuidParam(rawId, 'admin.email_not_found');
  return ctx.db.transaction(async (tx) => {
    // Locked, so the worker (which claims with SKIP LOCKED) and a second retry wait for this one.
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
    if (!row) throw new DomainError('admin.email_not_found');
    if (row.status !== 'failed') throw new DomainError('admin.email_not_failed');
    const now = ctx.clock.now();
    if (row.secretsExpireAt && (!row.secrets || row.secretsExpireAt <= now)) {
      throw new DomainError('admin.email_link_expired');
    }
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lastError: null })
      .where(eq(emailOutbox.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'email.retry',
      subjectType: 'email',
      subjectId: id,
      details: { to: row.toAddress, template: row.template, attempts: row.attempts, lastError: row.lastError },
      at: now,
    });
    return emailView(updated!);
  });
}

/**
 * E-mails given up on since `since`, newest first, at most `limit` of them, and how many there are. The outbox keeps
 * no time of failure: an attempt moves `next_attempt_at` ahead by the worker's lease, and a last attempt leaves it
 * there, so that column places a failure in time (email_outbox_due_idx serves both statements).
 */
export async function recentlyFailedEmails(db: Db, since: Date, limit: number): Promise<{ items: AdminEmail[]; total: number }> {
  const failedSince = and(eq(emailOutbox.status, 'failed'), gte(emailOutbox.nextAttemptAt, since));
  const [rows, [counted]] = await Promise.all([
    db.select(listColumns).from(emailOutbox).where(failedSince).orderBy(desc(emailOutbox.nextAttemptAt), desc(emailOutbox.id)).limit(limit),
    db.select({ total: countAll() }).from(emailOutbox).where(failedSince),
  ]);
  return { items: rows.map(emailView), total: counted?.total ?? 0 };
}
