// Which company a company account works in, and as what: the company it signed up (its owner, company_profiles.user_id),
// or the one it joined by invitation (company_members). One company per account.
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { companyMembers, companyProfiles, type CompanyProfile, type User } from '#shared/schema.ts';
import type { CompanyRole } from '#shared/company-team.ts';
import type { Db } from '../db/client.ts';
import type { DbOrTx } from '../mail/outbox.ts';

/** The join condition of a user's company, for a users column. */
export const isCompanyOf = (userId: AnyPgColumn): SQL =>
  or(
    eq(companyProfiles.userId, userId),
    sql`${companyProfiles.id} = (select m.company_id from company_members m where m.user_id = ${userId})`,
  )!;

/** The user's role in the company joined by isCompanyOf. */
export const companyRoleOf = (userId: AnyPgColumn): SQL<CompanyRole | null> =>
  sql<CompanyRole | null>`case when ${companyProfiles.userId} = ${userId} then 'owner' else (select m.role from company_members m where m.user_id = ${userId}) end`;

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
