// A job seeker blocks a company: from then on the company (every person of its team) does not find the profile,
// by search, by id, in its shortlist, in its alert e-mails, nor its files; it is not told why. The search applies
// the block in its own SQL (candidate-search/filters.ts, `notBlocked`). Unblocking brings everything back, the shortlist too.
import { and, desc, eq } from 'drizzle-orm';
import { isVerifiedEmployer, type BlockedCompany } from '#shared/employers.ts';
import { auditLog, companyBlocks, companyProfiles, jobSeekerProfiles, type User } from '#shared/schema.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { gulfDate } from './invoices.ts';

async function ownProfileId(db: Db, user: User): Promise<string> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ columns: { id: true }, where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new DomainError('profile.not_found');
  return profile.id;
}

export async function blockCompany(ctx: { db: Db; clock: Clock }, user: User, companyId: string): Promise<void> {
  const profileId = await ownProfileId(ctx.db, user);
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companyProfiles.id }).from(companyProfiles).where(eq(companyProfiles.id, companyId));
    if (!company) throw new DomainError('employer.not_found');
    const now = ctx.clock.now();
    const [added] = await tx.insert(companyBlocks).values({ profileId, companyId, createdAt: now }).onConflictDoNothing().returning();
    // Kept in the audit log without the company being able to read it: for the review team, should it matter.
    if (added) await tx.insert(auditLog).values({ actorId: user.id, action: 'profile.block_company', subjectType: 'job_seeker_profile', subjectId: profileId, details: { companyId }, at: now });
  });
}

export async function unblockCompany(ctx: { db: Db; clock: Clock }, user: User, companyId: string): Promise<void> {
  const profileId = await ownProfileId(ctx.db, user);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(companyBlocks)
      .where(and(eq(companyBlocks.profileId, profileId), eq(companyBlocks.companyId, companyId)))
      .returning();
    if (removed) {
      await tx.insert(auditLog).values({ actorId: user.id, action: 'profile.unblock_company', subjectType: 'job_seeker_profile', subjectId: profileId, details: { companyId }, at: ctx.clock.now() });
    }
  });
}

/** The companies the job seeker blocked, the newest block first (a person blocks a handful, not thousands). */
export async function listBlockedCompanies(db: Db, clock: Clock, user: User): Promise<BlockedCompany[]> {
  const profileId = await ownProfileId(db, user);
  const today = gulfDate(clock.now());
  const rows = await db
    .select({ block: companyBlocks, company: companyProfiles })
    .from(companyBlocks)
    .innerJoin(companyProfiles, eq(companyProfiles.id, companyBlocks.companyId))
    .where(eq(companyBlocks.profileId, profileId))
    .orderBy(desc(companyBlocks.createdAt))
    .limit(500);
  return rows.map(({ block, company }) => ({
    companyId: company.id,
    companyName: company.companyName,
    slug: company.slug,
    verified: isVerifiedEmployer(company, today),
    blockedAt: block.createdAt.toISOString(),
  }));
}
