// Accounts: sign-up, sign-in, role, language, ending other sessions, and the signed-in user's view. E-mail
// confirmation is in email-confirmation.ts, passwords in account-passwords.ts, the links both send in account-tokens.ts.
import { companyOf } from '../auth/company-of-user.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jobSeekerProfiles, users, type User } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import { DEFAULT_LOCALE, isLocale, type Locale } from '#shared/locales.ts';
import type { CurrentUser } from '#shared/auth.ts';
import type { Db } from '../db/client.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords.ts';
import { consentNeeded } from './consents.ts';
import { ownProfileView } from './profiles.ts';
import { companyView } from './subscriptions.ts';
import { DomainError } from '../domain-error.ts';
import type { AccountContext } from './account-context.ts';
import { grantConfiguredAdmin, sendVerificationEmail } from './email-confirmation.ts';

function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

export async function signUp(
  ctx: AccountContext,
  input: { email: string; password: string; firstName?: string; lastName?: string; role?: Role; locale?: Locale },
): Promise<User> {
  const passwordHash = await hashPassword(input.password, ctx.passwordCost);
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
