// What a copy of one's data holds: each section is the rows of one kind about its subject, so adding a table is one
// line here. Apart from asking for a copy (data-export.ts) and writing its ZIP (data-export-zip.ts).
import { and, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  auditLog,
  candidateEvents,
  companyBlocks,
  companyInvitations,
  companyMembers,
  companyProfiles,
  companyReports,
  consents,
  emailOutbox,
  invoices,
  jobSeekerProfiles,
  objects,
  savedSearches,
  shortlists,
  users,
} from '#shared/schema.ts';
import type { Db } from '../db/client.ts';
import { describeUserAgent } from '../auth/devices.ts';

/** Whose data a copy holds. */
export interface ExportSubject {
  userId: string;
  /** The account's e-mail address (for the e-mails sent to it). */
  email: string | null;
  /** The job seeker's profile, if any. */
  profileId: string | null;
  /** The company, for a company's copy. */
  companyId: string | null;
  publicUrl: string;
}

export interface Section {
  name: string;
  rows(db: Db, subject: ExportSubject): Promise<unknown[]>;
}

const without = (row: Record<string, unknown>, omit: readonly string[]) => Object.fromEntries(Object.entries(row).filter(([key]) => !omit.includes(key)));

/** Every column of `table`'s rows matching `where`, less `omit` (secrets, internal columns). */
function rowsOf<T extends PgTable>(name: string, table: T, where: (subject: ExportSubject) => SQL | undefined, omit: readonly string[] = []): Section {
  return {
    name,
    async rows(db, subject) {
      const condition = where(subject);
      if (!condition) return [];
      const found = (await db.select().from(table as PgTable).where(condition)) as Record<string, unknown>[];
      return found.map((row) => without(row, omit));
    },
  };
}

const NONE = undefined;
const byUser = (subject: ExportSubject) => subject.userId;

/** The person's own data: their account, profile (with its hiring facts), uploads, what companies did with the
 *  profile, their devices, the e-mails sent to them and the administrators' decisions about them. */
export const PERSON_SECTIONS: Section[] = [
  rowsOf('account', users, (s) => eq(users.id, byUser(s)), ['passwordHash', 'sessionVersion']),
  {
    name: 'profile',
    async rows(db, s) {
      const rows = await db.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, s.userId));
      // Which facts were verified and when; not who of our team did it.
      return rows.map((row) => ({
        ...without(row, ['searchVector', 'searchHead', 'searchComplete', 'listed']),
        factVerifications: Object.fromEntries(Object.entries(row.factVerifications).map(([fact, mark]) => [fact, { at: mark.at }])),
      }));
    },
  },
  rowsOf('uploads', objects, (s) => eq(objects.ownerId, s.userId), ['uploadTokenHash', 'uploadKey']),
  rowsOf('companyMembership', companyMembers, (s) => eq(companyMembers.userId, s.userId), ['invitedById']),
  {
    // What companies did with the profile: which company, what and when (not which of its people).
    name: 'companyEvents',
    async rows(db, s) {
      if (!s.profileId) return [];
      return db
        .select({ company: companyProfiles.companyName, type: candidateEvents.type, channel: candidateEvents.channel, at: candidateEvents.at })
        .from(candidateEvents)
        .innerJoin(companyProfiles, eq(companyProfiles.id, candidateEvents.companyId))
        .where(eq(candidateEvents.profileId, s.profileId))
        .orderBy(candidateEvents.at);
    },
  },
  {
    name: 'signedInDevices',
    async rows(db, s) {
      const { rows } = await db.execute<{ sess: { signedInAt?: number; userAgent?: string; networkPrefix?: string }; expire: string }>(
        sql`select sess, expire from sessions where (sess->>'userId') = ${s.userId}`,
      );
      return rows.map(({ sess }) => ({
        ...describeUserAgent(sess.userAgent),
        userAgent: sess.userAgent ?? null,
        network: sess.networkPrefix ?? null,
        signedInAt: sess.signedInAt ? new Date(sess.signedInAt).toISOString() : null,
      }));
    },
  },
  rowsOf('emailsSentToYou', emailOutbox, (s) => (s.email ? sql`lower(${emailOutbox.toAddress}) = lower(${s.email})` : NONE), ['secrets', 'htmlBody']),
  rowsOf(
    'decisionsAboutYou',
    auditLog,
    (s) =>
      and(
        or(
          and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, s.userId)),
          s.profileId ? and(eq(auditLog.subjectType, 'job_seeker_profile'), eq(auditLog.subjectId, s.profileId)) : undefined,
        ),
        // Others' decisions: the person's own actions (blocking a company) are in their own sections.
        or(isNull(auditLog.actorId), ne(auditLog.actorId, s.userId)),
      ),
    ['actorId'],
  ),
  rowsOf('agreementsToTheDocuments', consents, (s) => eq(consents.userId, s.userId)),
  {
    // The companies the person blocked, by name.
    name: 'blockedCompanies',
    async rows(db, s) {
      if (!s.profileId) return [];
      return db
        .select({ company: companyProfiles.companyName, blockedAt: companyBlocks.createdAt })
        .from(companyBlocks)
        .innerJoin(companyProfiles, eq(companyProfiles.id, companyBlocks.companyId))
        .where(eq(companyBlocks.profileId, s.profileId));
    },
  },
  {
    // What the person reported about companies, and our answers.
    name: 'reportsYouMade',
    async rows(db, s) {
      return db
        .select({
          company: companyProfiles.companyName,
          reason: companyReports.reason,
          details: companyReports.details,
          screenshot: companyReports.screenshotKey,
          createdAt: companyReports.createdAt,
          answer: companyReports.answer,
          answeredAt: companyReports.answeredAt,
        })
        .from(companyReports)
        .innerJoin(companyProfiles, eq(companyProfiles.id, companyReports.companyId))
        .where(eq(companyReports.reporterId, s.userId));
    },
  },
  // The dataExports table itself is left out: it holds nothing but this copy's own bookkeeping.
];

/** A company's data, for its owner: the company, its team and invitations, shortlists and notes, saved searches,
 *  what it did with profiles, and its invoices. Job seekers appear by their profile's id and link only. */
export const COMPANY_SECTIONS: Section[] = [
  rowsOf('company', companyProfiles, (s) => (s.companyId ? eq(companyProfiles.id, s.companyId) : NONE)),
  {
    name: 'team',
    async rows(db, s) {
      if (!s.companyId) return [];
      const [owner] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(companyProfiles)
        .innerJoin(users, eq(users.id, companyProfiles.userId))
        .where(eq(companyProfiles.id, s.companyId));
      const members = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: companyMembers.role, joinedAt: companyMembers.createdAt })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(eq(companyMembers.companyId, s.companyId));
      return [...(owner ? [{ ...owner, role: 'owner' }] : []), ...members];
    },
  },
  rowsOf('invitations', companyInvitations, (s) => (s.companyId ? eq(companyInvitations.companyId, s.companyId) : NONE), ['tokenHash']),
  {
    name: 'shortlistAndNotes',
    async rows(db, s) {
      if (!s.companyId) return [];
      const rows = await db.select().from(shortlists).where(eq(shortlists.companyId, s.companyId));
      return rows.map((row) => ({ ...without(row, ['companyId']), candidateLink: `${s.publicUrl}/dashboard/candidates/${row.profileId}` }));
    },
  },
  rowsOf('savedSearches', savedSearches, (s) => (s.companyId ? eq(savedSearches.companyId, s.companyId) : NONE)),
  rowsOf('profilesViewedAndContacted', candidateEvents, (s) => (s.companyId ? eq(candidateEvents.companyId, s.companyId) : NONE), ['companyId']),
  rowsOf('invoices', invoices, (s) => (s.companyId ? eq(invoices.companyId, s.companyId) : NONE)),
];
