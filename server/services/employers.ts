// Employers as job seekers can check them: the public page (/employers/:slug) that says whether a company is real
// (a trade licence our team checked, still running) and subscribed; the licence a company gives for checking; the
// admin's verified mark, which lapses with the licence (docs/decisions/0036).
import { and, asc, eq, ilike, isNotNull, sql } from 'drizzle-orm';
import { isVerifiedEmployer, SLUG_PATTERN, type CompanyLicenceInput, type EmployerMatch, type EmployerPage, type LicenceIssuer } from '#shared/employers.ts';
import type { CompanyView } from '#shared/company.ts';
import { auditLog, companyBlocks, companyProfiles, jobSeekerProfiles, objects, type User } from '#shared/schema.ts';
import { hasDatabaseAccess } from '../auth/require-active-company.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { DomainError } from '../domain-error.ts';
import { gulfDate } from './invoices.ts';
import { containsPattern } from './keyset.ts';
import { companyView, lockCompany, ownCompany } from './subscriptions.ts';

/** The public page of an employer; anything else (an unknown or malformed address) is "not found". */
export async function employerPage(db: Db, slug: string, now: Date): Promise<EmployerPage> {
  const [company] = SLUG_PATTERN.test(slug) ? await db.select().from(companyProfiles).where(eq(companyProfiles.slug, slug)) : [];
  if (!company) throw new DomainError('employer.not_found');
  const verified = isVerifiedEmployer(company, gulfDate(now));
  return {
    id: company.id,
    slug: company.slug!,
    companyName: company.companyName,
    verified,
    licenceIssuer: verified ? (company.licenceIssuer as LicenceIssuer) : null,
    licenceExpiresOn: verified ? company.licenceExpiresOn : null,
    activeSubscription: hasDatabaseAccess(company, now),
    suspended: company.subscriptionStatus === 'suspended',
    memberSince: gulfDate(company.createdAt),
  };
}

/**
 * The public pages of verified employers (their licence not expired), for search engines to find: at most `limit`,
 * oldest verification first, so a page keeps its place in the sitemap as others join.
 */
export async function listVerifiedEmployerSlugs(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ slug: companyProfiles.slug })
    .from(companyProfiles)
    .where(and(isNotNull(companyProfiles.employerVerifiedAt), sql`${companyProfiles.licenceExpiresOn} >= ${gulfDate(now)}::date`, isNotNull(companyProfiles.slug)))
    .orderBy(asc(companyProfiles.employerVerifiedAt), asc(companyProfiles.id))
    .limit(limit);
  return rows.map((r) => r.slug!);
}

/** Verified employers whose name holds the text, for a job seeker to block one (at most 20, by name). */
export async function searchVerifiedEmployers(db: Db, user: User, q: string, now: Date): Promise<EmployerMatch[]> {
  const profile = await db.query.jobSeekerProfiles.findFirst({ columns: { id: true }, where: eq(jobSeekerProfiles.userId, user.id) });
  if (!profile) throw new DomainError('profile.not_found');
  const rows = await db
    .select({
      id: companyProfiles.id,
      companyName: companyProfiles.companyName,
      slug: companyProfiles.slug,
      blocked: sql<boolean>`exists (select 1 from ${companyBlocks} b where b.company_id = ${companyProfiles.id} and b.profile_id = ${profile.id})`,
    })
    .from(companyProfiles)
    .where(
      and(
        isNotNull(companyProfiles.employerVerifiedAt),
        sql`${companyProfiles.licenceExpiresOn} >= ${gulfDate(now)}::date`,
        isNotNull(companyProfiles.slug),
        ilike(companyProfiles.companyName, containsPattern(q)),
      ),
    )
    .orderBy(asc(companyProfiles.companyName))
    .limit(20);
  return rows.map((r) => ({ ...r, slug: r.slug! }));
}

/**
 * The company's trade licence, for our team to check (the owner or an admin colleague). The document must be the
 * caller's own upload, checked as a PDF or an image. A change of number, issuer, expiry or document takes the
 * verified mark away until it is checked again.
 */
export async function setCompanyLicence(ctx: { db: Db; clock: Clock }, user: User, input: CompanyLicenceInput): Promise<CompanyView> {
  const now = ctx.clock.now();
  if (input.licenceExpiresOn < gulfDate(now)) throw new DomainError('company.licence_expired');
  const documentKey = input.documentPath.slice('/objects/'.length);
  return ctx.db.transaction(async (tx) => {
    const company = await ownCompany(tx, user, { lock: true });
    const [document] = await tx
      .select({ id: objects.id })
      .from(objects)
      .where(and(eq(objects.key, documentKey), eq(objects.kind, 'licence'), eq(objects.ownerId, user.id), eq(objects.status, 'ready')));
    if (!document) throw new DomainError('upload.not_found');
    const changed =
      company.tradeLicenceNumber !== input.tradeLicenceNumber ||
      company.licenceIssuer !== input.licenceIssuer ||
      company.licenceExpiresOn !== input.licenceExpiresOn ||
      company.licenceDocumentKey !== documentKey;
    if (!changed) return companyView(company, now);
    const [updated] = await tx
      .update(companyProfiles)
      .set({
        tradeLicenceNumber: input.tradeLicenceNumber,
        licenceIssuer: input.licenceIssuer,
        licenceExpiresOn: input.licenceExpiresOn,
        licenceDocumentKey: documentKey,
        employerVerifiedAt: null,
        employerVerifiedBy: null,
        updatedAt: now,
      })
      .where(eq(companyProfiles.id, company.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: user.id,
      action: 'company.licence_submitted',
      subjectType: 'company',
      subjectId: company.id,
      details: { tradeLicenceNumber: input.tradeLicenceNumber, licenceIssuer: input.licenceIssuer, licenceExpiresOn: input.licenceExpiresOn, wasVerified: company.employerVerifiedAt !== null },
      at: now,
    });
    return companyView(updated!, now);
  });
}

/** The admin marks the employer verified after checking its licence and document, or takes the mark away. Audited. */
export async function setEmployerVerification(ctx: { db: Db; clock: Clock }, admin: User, companyId: string, verified: boolean): Promise<CompanyView> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (verified) {
      if (!company.tradeLicenceNumber || !company.licenceIssuer || !company.licenceExpiresOn || !company.licenceDocumentKey) {
        throw new DomainError('admin.licence_missing');
      }
      if (company.licenceExpiresOn < gulfDate(now)) throw new DomainError('admin.licence_expired');
    }
    if ((company.employerVerifiedAt !== null) === verified) return companyView(company, now);
    const [updated] = await tx
      .update(companyProfiles)
      .set(verified ? { employerVerifiedAt: now, employerVerifiedBy: admin.id, updatedAt: now } : { employerVerifiedAt: null, employerVerifiedBy: null, updatedAt: now })
      .where(eq(companyProfiles.id, company.id))
      .returning();
    await tx.insert(auditLog).values({
      actorId: admin.id,
      action: verified ? 'company.employer_verified' : 'company.employer_unverified',
      subjectType: 'company',
      subjectId: company.id,
      details: { tradeLicenceNumber: company.tradeLicenceNumber, licenceIssuer: company.licenceIssuer, licenceExpiresOn: company.licenceExpiresOn },
      at: now,
    });
    return companyView(updated!, now);
  });
}
