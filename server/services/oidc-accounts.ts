// Accounts that sign in through an OpenID Connect provider.
import { and, eq, sql } from 'drizzle-orm';
import { users, type User } from '#shared/schema.ts';
import type { Role } from '#shared/constants.ts';
import { HttpError } from '../http/errors.ts';
import type { AccountContext } from './accounts.ts';

export interface OidcClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/**
 * The user for a provider identity: the one linked to (issuer, subject); else the account with the same
 * e-mail, but only when the provider vouches for the address (otherwise anyone could claim any account);
 * else a new account.
 */
export async function findOrCreateOidcUser(ctx: AccountContext, claims: OidcClaims, options: { role?: Role } = {}): Promise<User> {
  const email = claims.email?.trim().toLowerCase() || undefined;
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const linked = await tx.query.users.findFirst({
      where: and(eq(users.oidcIssuer, claims.issuer), eq(users.oidcSubject, claims.subject)),
    });
    if (linked) return linked;

    const sameEmail = email ? await tx.query.users.findFirst({ where: eq(users.email, email) }) : undefined;
    if (sameEmail) {
      if (!claims.emailVerified) {
        throw new HttpError(409, 'An account with this e-mail already exists. Please sign in with your password.');
      }
      const [updated] = await tx
        .update(users)
        .set({
          oidcIssuer: claims.issuer,
          oidcSubject: claims.subject,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
          updatedAt: now,
        })
        .where(eq(users.id, sameEmail.id))
        .returning();
      return updated!;
    }

    const [created] = await tx
      .insert(users)
      .values({
        email: email ?? null,
        firstName: claims.firstName ?? null,
        lastName: claims.lastName ?? null,
        profileImageUrl: claims.picture ?? null,
        role: options.role ?? null,
        oidcIssuer: claims.issuer,
        oidcSubject: claims.subject,
        emailVerifiedAt: email && claims.emailVerified ? now : null,
      })
      // Two first sign-ins at once: the second finds the first's row.
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const raced = await tx.query.users.findFirst({
      where: and(eq(users.oidcIssuer, claims.issuer), eq(users.oidcSubject, claims.subject)),
    });
    if (!raced) throw new HttpError(409, 'An account with this e-mail already exists. Please sign in with your password.');
    return raced;
  });
}
