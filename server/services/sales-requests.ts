// Contact Sales: a request is stored and announced to the sales address in one transaction (both happen, or
// neither); the admin console lists them newest first and marks each handled once, by one admin, with its audit row.
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Page } from '#shared/admin.ts';
import type { AdminSalesRequest, SalesRequest } from '#shared/sales-request.ts';
import { auditLog, salesRequests, users, type SalesRequestRow, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { salesRequestTemplate } from '../mail/templates.ts';
import { countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf, uuidParam } from './keyset.ts';

export interface SalesContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  salesEmail: string;
}

export async function submitSalesRequest(ctx: SalesContext, input: SalesRequest): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .insert(salesRequests)
      .values({ ...input, message: input.message || null, createdAt: now })
      .returning({ id: salesRequests.id });
    const mail = salesRequestTemplate({ productName: ctx.productName, publicUrl: ctx.publicUrl, request: input });
    await enqueueEmail(tx, { to: ctx.salesEmail, template: 'sales_request', ...mail }, { now });
    return { id: row!.id };
  });
}

const handler = alias(users, 'handler');

function requestView(row: SalesRequestRow, handledBy: { id: string | null; email: string | null } | null): AdminSalesRequest {
  return {
    id: row.id,
    companyName: row.companyName,
    contactPerson: row.contactPerson,
    email: row.email,
    phone: row.phone,
    plan: row.plan,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    // The admin's account may be gone (handled_by_id is then null): the time stays.
    handledBy: handledBy?.id ? { id: handledBy.id, email: handledBy.email } : null,
  };
}

/** Newest first; `handled` false is the team's queue (sales_requests_open_idx). */
export async function listSalesRequests(db: Db, query: { handled?: boolean; cursor?: string; limit: number }): Promise<Page<AdminSalesRequest>> {
  const matching: SQL | undefined =
    query.handled === undefined ? undefined : query.handled ? isNotNull(salesRequests.handledAt) : isNull(salesRequests.handledAt);
  const scope = pageScope('sales-requests', { handled: query.handled });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(salesRequests.createdAt, salesRequests.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({ request: salesRequests, at: exactTimestamp(salesRequests.createdAt), handler: { id: handler.id, email: handler.email } })
      .from(salesRequests)
      .leftJoin(handler, eq(handler.id, salesRequests.handledById))
      .where(where)
      .orderBy(desc(salesRequests.createdAt), desc(salesRequests.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(salesRequests).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => requestView(r.request, r.handler),
    (r) => ({ at: r.at, id: r.request.id }),
  );
}

/** Marks a request handled. Twice is refused (409) and changes nothing, also when two admins click at once. */
export async function markSalesRequestHandled(ctx: { db: Db; clock: Clock }, admin: User, rawId: unknown): Promise<AdminSalesRequest> {
  const id = uuidParam(rawId, 'admin.sales_request_not_found');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(salesRequests)
      .set({ handledAt: now, handledById: admin.id })
      .where(and(eq(salesRequests.id, id), isNull(salesRequests.handledAt)))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: salesRequests.id }).from(salesRequests).where(eq(salesRequests.id, id));
      throw new DomainError(exists ? 'admin.sales_request_handled' : 'admin.sales_request_not_found');
    }
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'sales_request.mark_handled',
      subjectType: 'sales_request',
      subjectId: id,
      details: { companyName: updated.companyName, email: updated.email },
      at: now,
    });
    return requestView(updated, { id: admin.id, email: admin.email });
  });
}
