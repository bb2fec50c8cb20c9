// The audit log in the admin console: every admin action, newest first, with who did it.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, Page } from '#shared/admin.ts';
import { auditLog, users } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { countAll, decodeSerialKey, exactTimestamp, olderThan, pageScope, toPage, totalOf } from './keyset.ts';
import { DomainError } from '../domain-error.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditQuery {
  action?: string;
  actorId?: string;
  subjectType?: string;
  subjectId?: string;
  /** Calendar dates (YYYY-MM-DD), both included, in UTC. */
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/**
 * Newest first. Each filter has its index (audit_log_action_idx, audit_log_actor_id_idx, audit_log_subject_idx,
 * all ending in `at`; audit_log_at_idx for dates alone). Empty filter values count as absent.
 */
export async function listAudit(db: Db, query: AuditQuery): Promise<Page<AuditEntry>> {
  const filters: SQL[] = [];
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.actorId) filters.push(eq(auditLog.actorId, query.actorId));
  if (query.subjectType) filters.push(eq(auditLog.subjectType, query.subjectType));
  if (query.subjectId) filters.push(eq(auditLog.subjectId, query.subjectId));
  if (query.from && query.to && query.from > query.to) throw new DomainError('admin.audit_range_reversed');
  if (query.from) filters.push(gte(auditLog.at, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) filters.push(lt(auditLog.at, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  const matching = filters.length > 0 ? and(...filters) : undefined;
  const scope = pageScope('audit', { ...query, cursor: undefined, limit: undefined });
  const cursor = query.cursor ? decodeSerialKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(auditLog.at, auditLog.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, key: exactTimestamp(auditLog.at), actor: { id: users.id, email: users.email } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(auditLog).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r): AuditEntry => ({
      id: r.entry.id,
      at: r.entry.at.toISOString(),
      action: r.entry.action,
      subjectType: r.entry.subjectType,
      subjectId: r.entry.subjectId,
      details: (r.entry.details ?? {}) as Record<string, unknown>,
      // Null for the command line (scripts/admin.ts) and for an actor whose account was deleted.
      actor: r.actor,
    }),
    (r) => ({ at: r.key, id: r.entry.id }),
  );
}
