// Career applications in the admin console: newest first, and a "reviewed" mark that is
// set once, by one admin, with its audit row in the same transaction.
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminApplication, Page } from '#shared/admin.ts';
import { auditLog, careerApplications, users, type CareerApplication, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf, uuidParam } from './keyset.ts';
import { DomainError } from '../domain-error.ts';

const reviewer = alias(users, 'reviewer');

function applicationView(row: CareerApplication, reviewedBy: { id: string; email: string | null } | null): AdminApplication {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    linkedinUrl: row.linkedinUrl,
    message: row.message,
    resumeUrl: row.resumeUrl,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    // The reviewer's account may be gone (reviewed_by_id is then null): the time of the review stays.
    reviewedBy,
  };
}

/** Newest first; `reviewed` false is the team's queue (career_applications_unreviewed_idx). */
export async function listCareerApplications(
  db: Db,
  query: { reviewed?: boolean; cursor?: string; limit: number },
): Promise<Page<AdminApplication>> {
  const matching: SQL | undefined =
    query.reviewed === undefined ? undefined : query.reviewed ? isNotNull(careerApplications.reviewedAt) : isNull(careerApplications.reviewedAt);
  const scope = pageScope('career-applications', { reviewed: query.reviewed });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(careerApplications.createdAt, careerApplications.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({
        application: careerApplications,
        at: exactTimestamp(careerApplications.createdAt),
        reviewer: { id: reviewer.id, email: reviewer.email },
      })
      .from(careerApplications)
      .leftJoin(reviewer, eq(reviewer.id, careerApplications.reviewedById))
      .where(where)
      .orderBy(desc(careerApplications.createdAt), desc(careerApplications.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(careerApplications).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => applicationView(r.application, r.reviewer),
    (r) => ({ at: r.at, id: r.application.id }),
  );
}

/** Marks an application reviewed. Twice is refused (409) and changes nothing, also when two admins click at once. */
export async function markApplicationReviewed(ctx: { db: Db; clock: Clock }, admin: User, rawId: unknown): Promise<AdminApplication> {
  const id = uuidParam(rawId, 'admin.application_not_found');
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    // The condition on reviewed_at is checked again after a concurrent mark commits, so only one of two wins.
    const [updated] = await tx
      .update(careerApplications)
      .set({ reviewedAt: now, reviewedById: admin.id })
      .where(and(eq(careerApplications.id, id), isNull(careerApplications.reviewedAt)))
      .returning();
    if (!updated) {
      const [exists] = await tx.select({ id: careerApplications.id }).from(careerApplications).where(eq(careerApplications.id, id));
      throw exists ? new DomainError('admin.application_reviewed') : new DomainError('admin.application_not_found');
    }
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'career_application.mark_reviewed',
      subjectType: 'career_application',
      subjectId: updated.id,
      details: { name: updated.name, email: updated.email },
      at: now,
    });
    return applicationView(updated, { id: admin.id, email: admin.email });
  });
}
