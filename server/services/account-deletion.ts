// Deleting an account, asked by its owner (/profile, /account) or by an administrator on the person's request.
// At once: the account signs in nowhere (every session ends), and a job seeker's profile leaves the search. The
// erasure follows in the background (account-erasure.ts).
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { FRESH_SIGN_IN_MINUTES } from '#shared/account-data.ts';
import { accountDeletions, auditLog, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import type { DbOrTx } from '../mail/outbox.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { removeSessions } from './sessions.ts';

export interface DeletionRequestContext {
  db: Db;
  clock: Clock;
  /** The OpenID provider's name, for the message asking an account without a password to sign in again. */
  oidcProviderName: string | null;
}

/** How the asking session was signed in (express-session's data). */
export interface AskingSession {
  signInMethod?: 'password' | 'oidc' | undefined;
  signedInAt?: number | undefined;
}

/**
 * The person deletes their own account: the password confirms it, or, for an account without one, an OpenID sign-in
 * made in the last FRESH_SIGN_IN_MINUTES. The last administrator cannot leave the product without one.
 */
export async function requestOwnDeletion(ctx: DeletionRequestContext, user: User, session: AskingSession, input: { password?: string | undefined }): Promise<void> {
  if (user.passwordHash) {
    if (!input.password) throw new DomainError('account.password_required');
    if (!(await verifyPassword(input.password, user.passwordHash))) throw new DomainError('auth.wrong_current_password');
  } else {
    const fresh = session.signInMethod === 'oidc' && ctx.clock.now().getTime() - (session.signedInAt ?? 0) <= FRESH_SIGN_IN_MINUTES * 60_000;
    if (!fresh) throw new DomainError('account.fresh_sign_in_required', { params: { provider: ctx.oidcProviderName ?? 'your sign-in provider' } });
  }
  await ctx.db.transaction(async (tx) => {
    if (user.isAdmin) await refuseLastAdmin(tx, user.id, 'account.last_admin');
    await markForDeletion(tx, ctx.clock.now(), user.id, null);
  });
}

/** An administrator deletes an account on the person's request; the audit log says who. */
export async function requestDeletionByAdmin(ctx: Pick<DeletionRequestContext, 'db' | 'clock'>, admin: User, id: string): Promise<void> {
  if (id === admin.id) throw new DomainError('admin.delete_self');
  await ctx.db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, id));
    if (!target) throw new DomainError('admin.user_not_found');
    if (target.isAdmin) await refuseLastAdmin(tx, target.id, 'admin.last_admin');
    const marked = await markForDeletion(tx, ctx.clock.now(), id, admin.id);
    if (!marked) throw new DomainError('admin.user_deletion_requested');
  });
}

/** Some other administrator must stay usable (administrators are locked in one order, as setAdmin does). */
async function refuseLastAdmin(tx: DbOrTx, leaving: string, code: 'account.last_admin' | 'admin.last_admin') {
  const admins = await tx
    .select({ id: users.id, status: users.status, deleting: users.deletionRequestedAt })
    .from(users)
    .where(sql`${users.isAdmin}`)
    .orderBy(asc(users.id))
    .for('update');
  if (!admins.some((a) => a.id !== leaving && a.status !== 'suspended' && !a.deleting)) throw new DomainError(code);
}

/**
 * Hides the account at once and queues its erasure: the profile leaves the search, every session ends (their rows
 * go, and the raised version voids every link sent before). Answers false when it was already asked.
 */
async function markForDeletion(tx: DbOrTx, now: Date, userId: string, requestedById: string | null): Promise<boolean> {
  const [marked] = await tx
    .update(users)
    .set({ deletionRequestedAt: now, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)))
    .returning({ role: users.role });
  if (!marked) return false;
  await tx.update(jobSeekerProfiles).set({ visibility: 'hidden', updatedAt: now }).where(eq(jobSeekerProfiles.userId, userId));
  await removeSessions(tx, userId);
  await tx.insert(accountDeletions).values({ userId, role: marked.role, requestedById, runAfter: now, createdAt: now });
  await tx.insert(auditLog).values({
    actorId: requestedById ?? userId,
    action: requestedById ? 'user.delete' : 'account.delete_requested',
    subjectType: 'user',
    subjectId: userId,
    details: { role: marked.role },
    at: now,
  });
  return true;
}
