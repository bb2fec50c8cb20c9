// Which company a company account works in, and as what: the company it signed up (its owner, company_profiles.user_id),
// or the one it joined by invitation (company_members). One company per account.
import { and, eq, or, sql } from 'drizzle-orm';
import { companyMembers, companyProfiles, users, type CompanyProfile, type User } from '#shared/schema.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';

/**
 * The user's company for a query over `users`: join company_members on the user first (at most one row: one
 * company per account), then company_profiles with `joinsCompany`; `companyRole` reads the role from both.
 */
export const joinsMembership = eq(companyMembers.userId, users.id);
export const joinsCompany = and(or(eq(companyProfiles.userId, users.id), eq(companyProfiles.id, companyMembers.companyId)), eq(users.role, 'company'))!;
export const companyRole = sql<CompanyRole | null>`case when ${companyProfiles.userId} = ${users.id} then 'owner' else ${companyMembers.role} end`;

export interface UserCompany {
  company: CompanyProfile;
  role: CompanyRole;
}

/** The company the user works in, with their role; undefined when none. */
export async function companyOf(db: Db | DbOrTx, user: Pick<User, 'id'>, options: { lock?: boolean } = {}): Promise<UserCompany | undefined> {
  const [owned] = await (options.lock
    ? db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id)).for('update')
    : db.select().from(companyProfiles).where(eq(companyProfiles.userId, user.id)));
  if (owned) return { company: owned, role: 'owner' };
  const [member] = await db
    .select({ company: companyProfiles, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companyProfiles, eq(companyProfiles.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id));
  if (!member) return undefined;
  if (options.lock) await db.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.id, member.company.id)).for('update');
  return { company: member.company, role: member.role as CompanyRole };
}
