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

async function issueToken(tx: Tx, ctx: AccountContext, userId: string, purpose: 'verify_email' | 'reset_password', ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(ctx.clock.now().getTime() + ttlMs);
  await tx.insert(authTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt });
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
  const { token, expiresAt } = await issueToken(tx, ctx, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
  const link = `${ctx.publicUrl}/verify-email?token=${token}`;
  const mail = verifyEmailTemplate({
    productName: ctx.productName,
    name: user.firstName ?? undefined,
    link,
    choosePassword: passwordPredatesProof(user),
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

const usable = (ctx: AccountContext) => [isNull(authTokens.usedAt), gt(authTokens.expiresAt, ctx.clock.now())];

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
  /** The password predates the proof: the link confirms only together with a new one. Nothing changed. */
  | { status: 'password_required'; email: string | null }
  /** Confirmed; `passwordSet` when a new password was chosen, which ended every session of the account. */
  | { status: 'confirmed'; user: User; passwordSet: boolean };


/**
 * Confirms the address of the link's account. An account whose password was chosen before the address was proven
 * is confirmed only together with a new password chosen by whoever holds the link, which ends every other session:
 * otherwise a stranger who signed up with someone's address would keep the account, and what the address brings,
 * once its owner clicks the link (pre-account takeover, docs/decisions/0016).
 */
export async function confirmEmail(ctx: AccountContext, input: { token: string; password?: string | undefined }): Promise<EmailConfirmation> {
  const account = await accountOfVerifyLink(ctx, input.token);
  if (!account) throw new DomainError('auth.verify_link_used');
  if (input.password === undefined && passwordPredatesProof(account)) return { status: 'password_required', email: account.email };
  // Hashed only for a link that works (hashing is slow on purpose), and outside the transaction.
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const row = await useToken(tx, ctx, input.token, 'verify_email');
    if (!row) throw new DomainError('auth.verify_link_used');
    const [updated] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${ctx.clock.now().toISOString()}::timestamptz)`,
        ...(passwordHash ? { passwordHash, passwordSetAfterProof: true, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        updatedAt: ctx.clock.now(),
      })
      // Without a new password, only while no password from before the proof is left (it may have changed since
      // the link was read above).
      .where(passwordHash ? eq(users.id, row.userId) : and(eq(users.id, row.userId), or(isNull(users.passwordHash), eq(users.passwordSetAfterProof, true))))
      .returning();
    if (!updated) throw new DomainError('auth.choose_password_again');
    return updated;
  });
  return { status: 'confirmed', user: await grantConfiguredAdmin(ctx, user), passwordSet: passwordHash !== undefined };
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
  if (!user || user.status === 'suspended') return false;
  await ctx.db.transaction(async (tx) => {
    const { token, expiresAt } = await issueToken(tx, ctx, user.id, 'reset_password', RESET_PASSWORD_TTL_MS);
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
  };
}
