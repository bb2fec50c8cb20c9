// Accounts: sign-up, sign-in, role, e-mail verification and password reset.
import { companyOf } from '../auth/company-of-user.ts';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { authTokens, jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import type { CurrentUser } from '#shared/auth.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { passwordResetTemplate, verifyEmailTemplate } from '../mail/templates.ts';
import { consentNeeded } from './consents.ts';
import { ownProfileView } from './profiles.ts';
import { companyView } from './subscriptions.ts';
import { DomainError } from '../domain-error.ts';

export interface AccountContext {
  db: Db;
  clock: Clock;
  productName: string;
  publicUrl: string;
  adminEmails: string[];
}

export function accountContext(
  config: { productName: string; publicUrl: string; adminEmails: string[] },
  db: Db,
  clock: Clock,
): AccountContext {
  return { db, clock, productName: config.productName, publicUrl: config.publicUrl, adminEmails: config.adminEmails };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A link for the account as its sessions are now: it records the account's session version, and works only while
 * that version stands. Whatever ends every session (a new password, signing out the other devices, removal from a
 * team, suspension) voids the links too.
 */
async function issueToken(tx: Tx, ctx: AccountContext, user: Pick<User, 'id' | 'sessionVersion'>, purpose: 'verify_email' | 'reset_password', ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlMs);
  await tx.insert(authTokens).values({ userId: user.id, purpose, tokenHash: hashToken(token), expiresAt, sessionVersion: user.sessionVersion });
  return { token, expiresAt };
}

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

async function sendVerificationEmail(tx: Tx, ctx: AccountContext, user: User) {
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

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function signUp(
  ctx: AccountContext,
  input: { email: string; password: string; firstName?: string; lastName?: string; role?: Role; locale?: Locale },
): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          role: input.role ?? null,
          locale: input.locale ?? DEFAULT_LOCALE,
        })
        .returning();
      await sendVerificationEmail(tx, ctx, user!);
      return user!;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new DomainError('auth.email_taken');
    throw err;
  }
}

/** One answer for an unknown e-mail and a wrong password, after the same work. */
export async function logIn(ctx: AccountContext, input: { email: string; password: string }): Promise<User> {
  const user = await ctx.db.query.users.findFirst({ where: eq(users.email, input.email) });
  const ok = user?.passwordHash ? await verifyPassword(input.password, user.passwordHash) : await verifyAgainstDummy(input.password);
  if (!user || !ok) throw new DomainError('auth.wrong_credentials');
  if (user.deletionRequestedAt) throw new DomainError('auth.account_deleted');
  if (user.status === 'suspended') throw new DomainError('auth.suspended');
  return grantConfiguredAdmin(ctx, user);
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

/**
 * A new password for the signed-in account: the current one must be given when the account has one. Every other
 * session of the account ends (the version goes up; the caller keeps its own session). Answers the new version.
 */
export async function changePassword(ctx: AccountContext, user: User, input: { currentPassword?: string; newPassword: string }): Promise<number> {
  if (user.passwordHash && !(input.currentPassword && (await verifyPassword(input.currentPassword, user.passwordHash)))) {
    throw new DomainError('auth.wrong_current_password');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await ctx.db
    .update(users)
    // Chosen by whoever holds a session of a proven address, it counts as chosen after the proof (docs/decisions/0016).
    .set({ passwordHash, passwordSetAfterProof: user.emailVerifiedAt !== null, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning({ sessionVersion: users.sessionVersion });
  return updated!.sessionVersion;
}

/** Ends every session of the account but the caller's (which keeps going with the new version it is given). */
export async function endOtherSessions(ctx: AccountContext, user: User): Promise<number> {
  const [updated] = await ctx.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: ctx.clock.now() })
    .where(eq(users.id, user.id))
    .returning({ sessionVersion: users.sessionVersion });
  return updated!.sessionVersion;
}

/** The account's language, for its e-mails and its interface on every device. */
export async function setLocale(ctx: AccountContext, user: User, locale: Locale): Promise<User> {
  if (user.locale === locale) return user;
  const [updated] = await ctx.db.update(users).set({ locale, updatedAt: ctx.clock.now() }).where(eq(users.id, user.id)).returning();
  return updated!;
}

export async function setRole(ctx: AccountContext, user: User, role: Role): Promise<User> {
  const [updated] = await ctx.db
    .update(users)
    .set({ role, updatedAt: ctx.clock.now() })
    .where(and(eq(users.id, user.id), isNull(users.role)))
    .returning();
  if (!updated) throw new DomainError('auth.role_already_set');
  return updated;
}

async function useToken(tx: Tx, ctx: AccountContext, token: string, purpose: 'verify_email' | 'reset_password') {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: ctx.clock.now() })
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.purpose, purpose), ...usable(ctx)))
    .returning();
  return row;
}

/** Unused, unexpired, and made for the account's sessions as they still are. */
const usable = (ctx: AccountContext) => [
  isNull(authTokens.usedAt),
  gt(authTokens.expiresAt, ctx.clock.now()),
  sql`exists (select 1 from ${users} where ${users.id} = ${authTokens.userId} and ${users.sessionVersion} = ${authTokens.sessionVersion})`,
];

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
  const passwordHash = proof === 'new_password' ? await hashPassword(input.password!) : undefined;
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
  const passwordHash = await hashPassword(password);
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

/** `now` decides the company's hasAccess; callers with a Clock should pass clock.now(). */
export async function currentUserView(db: Db, user: User, now: Date): Promise<CurrentUser> {
  const [profile, company] = await Promise.all([
    user.role === 'job_seeker' ? db.query.jobSeekerProfiles.findFirst({ where: eq(jobSeekerProfiles.userId, user.id) }) : undefined,
    user.role === 'company' ? companyOf(db, user) : undefined,
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: (user.role as Role | null) ?? null,
    status: user.status,
    isAdmin: user.isAdmin,
    emailVerified: Boolean(user.emailVerifiedAt),
    hasPassword: user.passwordHash !== null,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    profile: profile ? ownProfileView(profile, user.status) : null,
    company: company ? companyView(company.company, now) : null,
    companyRole: company?.role ?? null,
    consentNeeded: await consentNeeded(db, user, Boolean(profile || company)),
  };
}
