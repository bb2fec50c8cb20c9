// Accounts that sign in through an OpenID Connect provider.
import { and, eq, sql } from 'drizzle-orm';
import { users, type User } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import type { AccountContext } from './account-context.ts';
import { passwordPredatesProof } from './email-confirmation.ts';
import { DomainError } from '../domain-error.ts';

/** What the provider told us about the person, already read from the ID token / userinfo. */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email?: string | undefined;
  /** The provider's email_verified claim; only `true` counts. */
  emailVerified: boolean;
  firstName?: string | undefined;
  lastName?: string | undefined;
  picture?: string | undefined;
}


const byIdentity = (claims: OidcClaims) =>
  and(eq(users.oidcIssuer, claims.issuer), eq(users.oidcSubject, claims.subject));

/**
 * The user for a provider identity, in one transaction:
 * 1. the user linked to (issuer, subject);
 * 2. else the account with the same e-mail, linked now, but ONLY when the provider says email_verified is true;
 * 3. else a new account (with the remembered role).
 *
 * An unverified e-mail is never trusted: many providers let anybody type any address.
 * - If it belongs to an existing account, the sign-in is refused (409, `auth.email_taken_by_password`) rather than linked (that
 *   would hand over the account) or turned into a silent second account (the person would end up with two
 *   accounts and no idea why); the message sends them to the sign-in they already have.
 * - A new account does not claim the address (email stays null): otherwise a stranger could squat someone's
 *   address, and once the owner "recovered" it by password reset, the stranger's identity would still be
 *   linked to the account (pre-account takeover).
 */
export async function findOrCreateOidcUser(
  ctx: AccountContext,
  claims: OidcClaims,
  options: { role?: Role | undefined } = {},
): Promise<User> {
  if (!claims.issuer || !claims.subject) throw new DomainError('auth.provider_unidentified');
  const email = claims.email?.trim().toLowerCase() || undefined;
  const now = ctx.clock.now();

  return ctx.db.transaction(async (tx) => {
    const linked = await tx.query.users.findFirst({ where: byIdentity(claims) });
    if (linked) return linked;

    const sameEmail = email ? await tx.query.users.findFirst({ where: eq(users.email, email) }) : undefined;
    if (sameEmail) {
      if (!claims.emailVerified) throw new DomainError('auth.email_taken_by_password');
      // Already tied to another identity (another provider, or an address the provider has reassigned): linking
      // again would let the new identity take the account over.
      if (sameEmail.oidcSubject) throw new DomainError('auth.email_taken_by_password');
      const [updated] = await tx
        .update(users)
        .set({
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          // A password nobody chose after proving the address may be a squatter's, set before the owner came
          // (pre-account takeover, docs/decisions/0016), even on an account confirmed before that rule. The owner,
          // whom the provider vouches for, keeps the account; the password and its sessions go. They can set a
          // password again through "forgot password".
          ...(passwordPredatesProof(sameEmail) ? { passwordHash: null, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, sameEmail.id))
        .returning();
      return updated!;
    }

    const [created] = await tx
      .insert(users)
      .values({
        email: email && claims.emailVerified ? email : null,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        profileImageUrl: claims.picture ?? null,
        role: options.role ?? null,
        oidcIssuer: claims.issuer,
        oidcSubject: claims.subject,
        emailVerifiedAt: email && claims.emailVerified ? now : null,
      })
      // A race: another request created this identity (or took this e-mail) since we looked. ON CONFLICT waits
      // for that transaction, so the statement below sees its row.
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const raced = await tx.query.users.findFirst({ where: byIdentity(claims) });
    // Not our identity: the e-mail was taken in the meantime (by a password sign-up, say).
    if (!raced) throw new DomainError('auth.email_taken_by_password');
    return raced;
  });
}
