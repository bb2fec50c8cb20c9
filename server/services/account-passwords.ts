// Passwords of an account: changing one while signed in, and the reset by an e-mailed link, which answers before its
// work is done (docs/decisions/0017). Apart from sign-up and sign-in (accounts.ts).
import { eq, sql } from 'drizzle-orm';
import { users, type User } from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordResetTemplate } from '../mail/templates.ts';
import { DomainError } from '../domain-error.ts';
import type { AccountContext } from './account-context.ts';
import { issueToken, RESET_PASSWORD_TTL_MS, useToken } from './account-tokens.ts';

/**
 * A new password for the signed-in account: the current one must be given when the account has one. Every other
 * session of the account ends (the version goes up; the caller keeps its own session). Answers the new version.
 */
export async function changePassword(ctx: AccountContext, user: User, input: { currentPassword?: string; newPassword: string }): Promise<number> {
  if (user.passwordHash && !(input.currentPassword && (await verifyPassword(input.currentPassword, user.passwordHash)))) {
    throw new DomainError('auth.wrong_current_password');
  }
  const passwordHash = await hashPassword(input.newPassword, ctx.passwordCost);
  const [updated] = await ctx.db
    .update(users)
    // Chosen by whoever holds a session of a proven address, it counts as chosen after the proof (docs/decisions/0016).
    .set({ passwordHash, passwordSetAfterProof: user.emailVerifiedAt !== null, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning({ sessionVersion: users.sessionVersion });
  return updated!.sessionVersion;
}

/** Reset requests still being written after their answer, per database: tests and shutdown wait for them. */
const resetRequestsInFlight = new WeakMap<Db, Set<Promise<void>>>();

/**
 * Starts the work of a reset request and returns before it is done: the caller answers at once, the same answer
 * after the same work whether or not the address has an account (docs/decisions/0017). `sent` runs when a link was
 * queued, `failed` when the work failed.
 */
export function requestPasswordReset(ctx: AccountContext, email: string, on: { sent(): void; failed(err: unknown): void }): void {
  const work = queuePasswordReset(ctx, email).then((queued) => {
    if (queued) on.sent();
  }, on.failed);
  let inFlight = resetRequestsInFlight.get(ctx.db);
  if (!inFlight) resetRequestsInFlight.set(ctx.db, (inFlight = new Set()));
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

/** Resolves once the reset requests started so far are written (or failed). */
export async function settlePasswordResetRequests(db: Db): Promise<void> {
  await Promise.all(resetRequestsInFlight.get(db) ?? []);
}

/** Queues a reset link for an account that can use one; answers whether it did. */
async function queuePasswordReset(ctx: AccountContext, email: string): Promise<boolean> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user || user.status === 'suspended' || user.deletionRequestedAt) return false;
  await ctx.db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, ctx, user, 'reset_password', RESET_PASSWORD_TTL_MS);
    const link = `${ctx.publicUrl}/reset-password?token=${token}`;
    const mail = passwordResetTemplate({
      productName: ctx.productName,
      name: user.firstName ?? undefined,
      link,
      validMinutes: RESET_PASSWORD_TTL_MS / 60_000,
      locale: user.locale,
    });
    await enqueueEmail(tx, { to: email, template: 'reset_password', ...mail }, { now: ctx.clock.now(), secretsExpireAt: expiresAt });
  });
  return true;
}

/**
 * Sets the new password and ends every session of the user; answers the user's id. Following the e-mailed link
 * proves the address, so the password is one chosen after the proof.
 */
export async function resetPassword(ctx: AccountContext, token: string, password: string): Promise<string> {
  const passwordHash = await hashPassword(password, ctx.passwordCost);
  return ctx.db.transaction(async (tx) => {
    const row = await useToken(tx, ctx, token, 'reset_password');
    if (!row) throw new DomainError('auth.reset_link_used');
    await tx
      .update(users)
      .set({
        passwordHash,
        passwordSetAfterProof: true,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${ctx.clock.now().toISOString()}::timestamptz)`,
        updatedAt: ctx.clock.now(),
      })
      .where(eq(users.id, row.userId));
    return row.userId;
  });
}

