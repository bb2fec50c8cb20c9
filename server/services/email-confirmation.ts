// Confirming an account's e-mail address, and what the proof of the address decides: whether a password chosen
// before it counts, and whether ADMIN_EMAILS reach the account (docs/decisions/0016). Apart from sign-up and sign-in.
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { authTokens, users, type User } from '#shared/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { verifyEmailTemplate } from '../mail/templates.ts';
import { DomainError } from '../domain-error.ts';
import type { AccountContext, Tx } from './account-context.ts';
import { hashToken, issueToken, usable, useToken, VERIFY_EMAIL_TTL_MS } from './account-tokens.ts';

/**
 * Whether the account is in the hands of whoever proved its address: the address is proven and no password chosen
 * before that proof is left. Only then does anything tied to the address (ADMIN_EMAILS) reach the account
 * (docs/decisions/0016).
 */
function provenOwnerHolds(user: User): boolean {
  return Boolean(user.emailVerifiedAt) && !passwordPredatesProof(user);
}

/** A password nobody who proved the address chose: possibly a stranger's, set before the owner came. */
export function passwordPredatesProof(user: Pick<User, 'passwordHash' | 'passwordSetAfterProof'>): boolean {
  return Boolean(user.passwordHash) && !user.passwordSetAfterProof;
}

export async function sendVerificationEmail(tx: Tx, ctx: AccountContext, user: User) {
  const { token, expiresAt } = await issueToken(tx, ctx, user, 'verify_email', VERIFY_EMAIL_TTL_MS);
  const link = `${ctx.publicUrl}/verify-email?token=${token}`;
  const mail = verifyEmailTemplate({
    productName: ctx.productName,
    name: user.firstName ?? undefined,
    link,
    passwordPredatesProof: passwordPredatesProof(user),
    locale: user.locale,
  });
  await enqueueEmail(tx, { to: user.email!, template: 'verify_email', ...mail }, { now: ctx.clock.now(), secretsExpireAt: expiresAt });
}

/** Addresses in ADMIN_EMAILS become administrators once the account is in the hands of whoever proved the address. */
export async function grantConfiguredAdmin(ctx: AccountContext, user: User): Promise<User> {
  if (user.isAdmin || !user.email || !ctx.adminEmails.includes(user.email) || !provenOwnerHolds(user)) return user;
  const [updated] = await ctx.db
    .update(users)
    .set({ isAdmin: true, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated!;
}

/** The account a confirmation link that still works belongs to; reads only. */
async function accountOfVerifyLink(ctx: AccountContext, token: string): Promise<User | undefined> {
  const [found] = await ctx.db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, 'verify_email'), ...usable(ctx)));
  return found?.user;
}

export type EmailConfirmation =
  /** The password predates the proof: the link confirms together with it, or with a new one. Nothing changed. */
  | { status: 'password_required'; email: string | null }
  /**
   * Confirmed. `signIn` when whoever opened the link proved they hold the account (the password chosen at sign-up,
   * or a new one, which ended every session of the account): the browser goes on signed in to it.
   */
  | { status: 'confirmed'; user: User; signIn: boolean };

/** Who opened the link: the account and session version of the browser's session, if it chose the password. */
export interface LinkOpener {
  /** The session that chose the account's current password (at sign-up, or a change since), if any. */
  choseThePassword?: { userId: string; sessionVersion: number } | undefined;
}

/**
 * Confirms the address of the link's account. A password chosen before the address was proven may be a stranger's
 * (pre-account takeover, docs/decisions/0016), so it comes to count only when the link proves it is the same
 * person's:
 * - opened in the browser session that chose the password (same account, same session version): at once;
 * - elsewhere, together with that password (knowing both the link and the password proves the same person), which
 *   signs this browser in;
 * - or together with a new password, which replaces the old one, ends every session and voids the account's other
 *   links, and signs this browser in.
 * Otherwise nothing changes and the answer says a password is needed.
 */
export async function confirmEmail(
  ctx: AccountContext,
  input: { token: string; password?: string | undefined; currentPassword?: string | undefined },
  opener: LinkOpener = {},
): Promise<EmailConfirmation> {
  const account = await accountOfVerifyLink(ctx, input.token);
  if (!account) throw new DomainError('auth.verify_link_used');
  let proof: 'none_needed' | 'same_session' | 'current_password' | 'new_password' = 'none_needed';
  if (input.password !== undefined) proof = 'new_password';
  else if (passwordPredatesProof(account)) {
    const chooser = opener.choseThePassword;
    if (chooser && chooser.userId === account.id && chooser.sessionVersion === account.sessionVersion) proof = 'same_session';
    else if (input.currentPassword === undefined) return { status: 'password_required', email: account.email };
    else if (await verifyPassword(input.currentPassword, account.passwordHash!)) proof = 'current_password';
    else throw new DomainError('auth.verify_wrong_password');
  }
  // Hashed only for a link that works (hashing is slow on purpose), and outside the transaction.
  const passwordHash = proof === 'new_password' ? await hashPassword(input.password!, ctx.passwordCost) : undefined;
  const user = await ctx.db.transaction(async (tx) => {
    const row = await useToken(tx, ctx, input.token, 'verify_email');
    if (!row) throw new DomainError('auth.verify_link_used');
    const now = ctx.clock.now();
    const confirmed = { emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now };
    const [updated] = await tx
      .update(users)
      .set(
        proof === 'new_password'
          ? { ...confirmed, passwordHash, passwordSetAfterProof: true, sessionVersion: sql`${users.sessionVersion} + 1` }
          : proof === 'none_needed'
            ? confirmed
            : // The password proven just now, and only if it is still the one proven (unchanged since it was read).
              { ...confirmed, passwordSetAfterProof: true },
      )
      .where(
        proof === 'new_password'
          ? eq(users.id, row.userId)
          : proof === 'none_needed'
            ? // Only while no password from before the proof is left (it may have changed since the link was read).
              and(eq(users.id, row.userId), or(isNull(users.passwordHash), eq(users.passwordSetAfterProof, true)))
            : and(eq(users.id, row.userId), eq(users.passwordHash, account.passwordHash!), eq(users.sessionVersion, account.sessionVersion)),
      )
      .returning();
    if (!updated) throw new DomainError('auth.choose_password_again');
    return updated;
  });
  return { status: 'confirmed', user: await grantConfiguredAdmin(ctx, user), signIn: proof === 'new_password' || proof === 'current_password' };
}

export async function resendVerification(ctx: AccountContext, user: User): Promise<void> {
  if (user.emailVerifiedAt || !user.email) return;
  await ctx.db.transaction((tx) => sendVerificationEmail(tx, ctx, user));
}
