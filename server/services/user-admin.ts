// Accounts in the admin console: search, suspension and reactivation, administrators.
// Every change locks the account's row and writes its audit row in the same transaction.
import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AdminUser, Page } from '#shared/admin.ts';
import type { Role, UserStatus } from '#shared/constants.ts';
import { auditLog, companyProfiles, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { containsPattern, countAll, decodeUuidKey, exactTimestamp, olderThan, pageScope, toPage, totalOf, uuidParam } from './keyset.ts';
import { DomainError } from '../domain-error.ts';

interface Ctx {
  db: Db;
  clock: Clock;
}

/** The text users_search_idx indexes (shared/schema.ts): the expression must stay exactly the same. */
const userSearchText = sql`lower(coalesce(${users.email}, '') || ' ' || coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;


function userView(user: User, links: { profileId: string | null; companyId: string | null }): AdminUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    status: user.status,
    isAdmin: user.isAdmin,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    deletionRequestedAt: user.deletionRequestedAt?.toISOString() ?? null,
    profileId: links.profileId,
    companyId: links.companyId,
  };
}

const withLinks = {
  user: users,
  profileId: jobSeekerProfiles.id,
  companyId: companyProfiles.id,
};

/**
 * Newest first. `q` matches any part of the e-mail, first or last name, or the name on the job seeker's profile
 * (case-insensitive). The matching ids come from the two trigram indexes (users_search_idx,
 * job_seeker_profiles_full_name_trgm_idx) as one union, so an OR across the join never forces a scan of users.
 */
export async function listUsers(
  db: Db,
  query: { q?: string; role?: Role | 'none'; status?: UserStatus; admins?: 'true'; cursor?: string; limit: number },
): Promise<Page<AdminUser>> {
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(sql`${users.id} in (
      select ${users.id} from ${users} where ${userSearchText} like lower(${pattern})
      union
      select ${jobSeekerProfiles.userId} from ${jobSeekerProfiles} where lower(${jobSeekerProfiles.fullName}) like lower(${pattern}))`);
  }
  if (query.role === 'none') filters.push(isNull(users.role));
  else if (query.role) filters.push(eq(users.role, query.role));
  if (query.status) filters.push(eq(users.status, query.status));
  // Written as the partial index's predicate (users_admins_idx).
  if (query.admins) filters.push(sql`${users.isAdmin}`);
  const matching = filters.length > 0 ? and(...filters) : undefined;
  const scope = pageScope('users', { q: query.q, role: query.role, status: query.status, admins: query.admins });
  const cursor = query.cursor ? decodeUuidKey(query.cursor, scope) : undefined;
  const where = cursor ? and(matching, olderThan(users.createdAt, users.id, cursor)) : matching;
  const [rows, total] = await Promise.all([
    db
      .select({ ...withLinks, at: exactTimestamp(users.createdAt) })
      .from(users)
      .leftJoin(jobSeekerProfiles, eq(jobSeekerProfiles.userId, users.id))
      .leftJoin(companyProfiles, eq(companyProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit + 1),
    totalOf(cursor, () => db.select({ total: countAll() }).from(users).where(matching)),
  ]);
  return toPage(
    rows,
    { limit: query.limit, total, scope },
    (r) => userView(r.user, r),
    (r) => ({ at: r.at, id: r.user.id }),
  );
}

async function lockUser(tx: DbOrTx, id: string): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw new DomainError('admin.user_not_found');
  return user;
}

async function viewOf(tx: DbOrTx, user: User): Promise<AdminUser> {
  const [profile] = await tx.select({ id: jobSeekerProfiles.id }).from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, user.id));
  const [company] = await tx.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.userId, user.id));
  return userView(user, { profileId: profile?.id ?? null, companyId: company?.id ?? null });
}

/**
 * The account is suspended and every session of it ends at once: loadCurrentUser signs out a suspended user on
 * their next request, and the raised sessionVersion keeps those sessions dead after a reactivation too (the person
 * signs in again). An admin cannot suspend their own account, so at least one administrator always stays usable.
 */
export async function suspendUser(ctx: Ctx, admin: User, rawId: unknown): Promise<AdminUser> {
  const id = uuidParam(rawId, 'admin.user_not_found');
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.id === admin.id) throw new DomainError('admin.suspend_self');
    if (user.status === 'suspended') throw new DomainError('admin.user_already_suspended');
    const now = ctx.clock.now();
    const [updated] = await tx
      .update(users)
      .set({ status: 'suspended', sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'user.suspend',
      subjectType: 'user',
      subjectId: user.id,
      // Read back by reactivateUser: the status the account returns to.
      details: { email: user.email, previousStatus: user.status },
      at: now,
    });
    return viewOf(tx, updated!);
  });
}

const RESTORABLE: readonly string[] = ['pending', 'active', 'rejected'] satisfies UserStatus[];

/**
 * The status an account had before its suspension. The suspension's audit row keeps it (nothing can change the
 * status of a suspended account: review and payment verification refuse suspended accounts, and the person cannot
 * sign in). Without such a row (suspended some other way) it is derived from what the account has:
 *  - a job seeker whose profile was reviewed after its last submission: rejected if the review left a note
 *    (a rejection's reason), else active (approved); a profile waiting for review: pending;
 *  - a company whose payment was verified: active (verification activates the account);
 *  - anything else: pending.
 */
async function statusBeforeSuspension(tx: DbOrTx, user: User): Promise<{ status: UserStatus; from: 'suspension' | 'derived' }> {
  const [suspension] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, user.id), eq(auditLog.action, 'user.suspend')))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(1);
  const recorded = (suspension?.details as { previousStatus?: unknown } | undefined)?.previousStatus;
  if (typeof recorded === 'string' && RESTORABLE.includes(recorded)) return { status: recorded as UserStatus, from: 'suspension' };

  if (user.role === 'job_seeker') {
    const [profile] = await tx.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, user.id));
    if (profile?.reviewedAt && profile.reviewedAt >= profile.submittedAt) return { status: profile.reviewReasons?.length || profile.reviewNote ? 'rejected' : 'active', from: 'derived' };
  } else if (user.role === 'company') {
    const [company] = await tx.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id));
    if (company?.paymentVerifiedAt) return { status: 'active', from: 'derived' };
  }
  return { status: 'pending', from: 'derived' };
}

/** Back to the status the account had before the suspension. Its old sessions stay ended; the person signs in again. */
export async function reactivateUser(ctx: Ctx, admin: User, rawId: unknown): Promise<AdminUser> {
  const id = uuidParam(rawId, 'admin.user_not_found');
  return ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, id);
    if (user.status !== 'suspended') throw new DomainError('admin.user_not_suspended');
    const { status, from } = await statusBeforeSuspension(tx, user);
    const now = ctx.clock.now();
    const [updated] = await tx.update(users).set({ status, updatedAt: now }).where(eq(users.id, user.id)).returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: 'user.reactivate',
      subjectType: 'user',
      subjectId: user.id,
      details: { email: user.email, status, statusFrom: from },
      at: now,
    });
    return viewOf(tx, updated!);
  });
}

/**
 * Grants or revokes administrator rights. At least one administrator who can sign in (not suspended) always
 * remains. Revocations lock every administrator's row first, in id order, so two admins removing each other at the
 * same moment take turns and the second sees the first one's change.
 */
export async function setAdmin(ctx: Ctx, admin: User, rawId: unknown, isAdmin: boolean): Promise<AdminUser> {
  const id = uuidParam(rawId, 'admin.user_not_found');
  return ctx.db.transaction(async (tx) => {
    const admins = isAdmin
      ? []
      : await tx.select({ id: users.id, status: users.status }).from(users).where(sql`${users.isAdmin}`).orderBy(asc(users.id)).for('update');
    const user = await lockUser(tx, id);
    if (user.isAdmin === isAdmin) throw new DomainError(isAdmin ? 'admin.user_already_admin' : 'admin.user_not_admin');
    if (!isAdmin && !admins.some((a) => a.id !== user.id && a.status !== 'suspended')) {
      throw new DomainError('admin.last_admin');
    }
    const now = ctx.clock.now();
    const [updated] = await tx.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.id, user.id)).returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: isAdmin ? 'admin.grant' : 'admin.revoke',
      subjectType: 'user',
      subjectId: user.id,
      details: { email: user.email },
      at: now,
    });
    return viewOf(tx, updated!);
  });
}
