// The single-use links e-mailed to an account (confirming the address, resetting the password): issued, checked, used.
// Apart from the flows that send them (email-confirmation.ts, account-passwords.ts), which both need them.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { authTokens, users, type User } from '#shared/schema.ts';
import type { AccountContext, Tx } from './account-context.ts';

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A link for the account as its sessions are now: it records the account's session version, and works only while
 * that version stands. Whatever ends every session (a new password, signing out the other devices, removal from a
 * team, suspension) voids the links too.
 */
export async function issueToken(tx: Tx, ctx: AccountContext, user: Pick<User, 'id' | 'sessionVersion'>, purpose: 'verify_email' | 'reset_password', ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlMs);
  await tx.insert(authTokens).values({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt, sessionVersion: user.sessionVersion });
  return { token, expiresAt };
}

export async function useToken(tx: Tx, ctx: AccountContext, token: string, purpose: 'verify_email' | 'reset_password') {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose), ...usable(ctx)))
    .returning();
  return row;
}

/** Unused, unexpired, and made for the account's sessions as they still are. */
export const usable = (ctx: AccountContext) => [
  isNull(authTokens.usedAt),
  gt(authTokens.expiresAt, ctx.clock.now()),
  sql`exists (select 1 from ${users} where ${users.id} = ${authTokens.userId} and ${users.sessionVersion} = ${authTokens.sessionVersion})`,
];
