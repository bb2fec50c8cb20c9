// The Master Admin console's API: lists are pages with a keyset cursor.
import { z } from 'zod';
import { ROLES, SUBSCRIPTION_STATUSES, USER_STATUSES } from './constants.ts';
import type { CompanyView, InvoiceView } from './company.ts';
import { REVIEW_QUEUE_STATUSES, type OwnProfile, type ProfileVideo } from './profile.ts';
import { text } from './text.ts';

export interface Page<T> {
  items: T[];
  total: number;
  nextCursor: string | null;
}

const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be between 1 and 100')
  .max(100, 'limit must be between 1 and 100')
  .default(20);
const cursor = z.string({ error: 'The page cursor is not valid' }).max(300, 'The page cursor is not valid').optional();
/** The longest search the console's lists take: its search boxes stop there. */
export const ADMIN_SEARCH_MAX = 100;
const search = text('The search', { error: 'q must be text' }).max(ADMIN_SEARCH_MAX, `Please keep the search under ${ADMIN_SEARCH_MAX} characters`).optional();

/**
 * GET /api/admin/profiles?status=&lane=&cursor=&limit= (the pending queue oldest first, the others newest first).
 * lane=facts_changed: approved profiles whose owner changed a checked fact since, oldest change first.
 */
export const profileListQuery = z.object({
  status: z.enum(REVIEW_QUEUE_STATUSES, { error: 'status must be pending, approved, rejected or suspended' }).default('pending'),
  lane: z.enum(['facts_changed'], { error: 'lane must be facts_changed' }).optional(),
  cursor,
  limit,
});

/** GET /api/admin/companies?status=&q=&cursor=&limit= (newest first; q matches the company's name or e-mails). */
export const companyListQuery = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES, { error: 'status must be pending_payment, active, expired, suspended or closed' }).optional(),
  q: search,
  cursor,
  limit,
});

/** The counts the console's navigation shows. GET /api/admin/overview. */
export interface AdminOverview {
  pendingProfiles: number;
  pendingPayments: number;
  /** Invoices awaiting payment whose company says it has paid: the transfers to look for. */
  declaredPayments: number;
  unreviewedApplications: number;
  openSalesRequests: number;
  failedEmails: number;
  openReports: number;
}

/** GET /api/admin/career-applications?reviewed=&cursor=&limit= (newest first). */
export const applicationListQuery = z.object({
  reviewed: z.enum(['true', 'false'], { error: 'reviewed must be true or false' }).transform((v) => v === 'true').optional(),
  cursor,
  limit,
});

export interface AdminApplication {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  linkedinUrl: string | null;
  message: string | null;
  resumeUrl: string;
  createdAt: string;
  reviewedAt: string | null;
  reviewedBy: { id: string; email: string | null } | null;
}

/** GET /api/admin/users?q=&role=&status=&cursor=&limit= (newest first; q matches e-mail or name). */
export const userListQuery = z.object({
  q: search,
  role: z.enum([...ROLES, 'none'], { error: 'role must be job_seeker, company or none' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'status must be pending, active, rejected or suspended' }).optional(),
  admins: z.enum(['true'], { error: 'admins must be true' }).optional(),
  cursor,
  limit,
});

export interface AdminUser {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string | null;
  status: string;
  isAdmin: boolean;
  emailVerified: boolean;
  createdAt: string;
  /** When the account's deletion was asked (it is erased within a day; a company owner's stays as an empty row). */
  deletionRequestedAt: string | null;
  /** The job seeker's profile or the company, when there is one (for links in the console). */
  profileId: string | null;
  companyId: string | null;
}

/** POST /api/admin/users/:id/admin. */
export const setAdminSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });

/** logged: delivered to the server's log instead of a mail server (no SMTP_URL); the recipient got nothing. */
export const OUTBOX_STATUSES = ['pending', 'sent', 'logged', 'failed'] as const;

/** GET /api/admin/emails?status=&q=&cursor=&limit= (newest first; q matches the recipient). */
export const emailListQuery = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: 'status must be pending, sent, logged or failed' }).optional(),
  q: search,
  cursor,
  limit,
});

export interface AdminEmail {
  id: string;
  to: string;
  subject: string;
  template: string;
  status: (typeof OUTBOX_STATUSES)[number];
  attempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it was sent, or logged. */
  sentAt: string | null;
  nextAttemptAt: string;
}

/** GET /api/admin/emails/:id: the message as it was (or will be) sent, with links that act for the recipient hidden. */
export interface AdminEmailDetail extends AdminEmail {
  text: string;
  html: string | null;
}

export const VIDEO_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** GET /api/admin/videos?state=&cursor=&limit= (newest first): the videos made playable in the background. */
export const videoJobListQuery = z.object({
  state: z.enum(VIDEO_JOB_STATES, { error: 'state must be queued, running, done or failed' }).optional(),
  cursor,
  limit,
});

export interface AdminVideoJob {
  id: string;
  videoUrl: string;
  ownerEmail: string | null;
  state: (typeof VIDEO_JOB_STATES)[number];
  attempts: number;
  errorCode: string | null;
  /** What ffmpeg or the machine said, for the team. */
  errorDetail: string | null;
  durationMs: number | null;
  posterUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/admin/audit?action=&actorId=&subjectType=&subjectId=&from=&to=&cursor=&limit= (newest first). */
export const auditListQuery = z.object({
  action: text('action').max(64, 'action is too long').optional(),
  actorId: text('actorId').max(64, 'actorId is too long').optional(),
  subjectType: text('subjectType').max(32, 'subjectType is too long').optional(),
  subjectId: text('subjectId').max(64, 'subjectId is too long').optional(),
  from: z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional(),
  cursor,
  limit,
});

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  subjectType: string;
  subjectId: string;
  details: Record<string, unknown>;
  actor: { id: string; email: string | null } | null;
}

/** Who has a profile open for review, until when (renewed while their page stays open). */
export interface ReviewClaim {
  by: { id: string; name: string };
  until: string;
  /** The reader's own claim. */
  mine: boolean;
}

/**
 * The body of a decision (approve, reject) and of "Looked at": the version of the profile the page showed. A decision
 * on any other version is refused (409 admin.profile_changed) and the page reads the profile again.
 */
export const profileVersionSchema = z.object({
  version: z.number({ error: 'version must be a number' }).int('version must be a whole number').min(1, 'version must be a whole number'),
});

/** One event of a profile's history (GET /api/admin/profiles/:id/history), from the audit log, newest first. */
export interface ProfileHistoryEntry {
  id: number;
  at: string;
  /** profile.create, profile.edit, profile.video_arrived, profile.approve, profile.reject, profile.fact_verified… */
  action: string;
  /** The reviewer, or the job seeker (byOwner); null for the command line or a deleted account. */
  actor: { id: string; name: string } | null;
  byOwner: boolean;
  details: Record<string, unknown>;
  /** The CV and video an edit replaced, while their files are still kept (unused files are deleted after a day). */
  replaced: { cvUrl?: string; videoUrl?: string };
}

/** A profile in the review queue (GET /api/admin/profiles, /:id). */
export interface ReviewItem extends OwnProfile {
  userId: string;
  email: string | null;
  /** Raised by every change a decision depends on; decisions send it back. */
  version: number;
  /** Another reviewer's claim, or the reader's own; null when nobody has the profile open. */
  claim: ReviewClaim | null;
  /** When the owner of this approved profile changed a checked fact, until a reviewer has looked. */
  factsChangedAt: string | null;
  /** The reviewed fields as they were at the last review; null before the first one. */
  lastReviewedValues: Record<string, unknown> | null;
  /** The language the job seeker reads the product and its e-mails in (a rejection's reasons reach them in it). */
  locale: string;
  /** The video's state and poster; in the single profile's answer only (the queue leaves it out). */
  video?: ProfileVideo | null;
  /** What the CV file is (the page shows a PDF inline, a Word file downloads); in the single profile's answer only. */
  cv?: { contentType: string; size: number } | null;
}

/** GET /api/admin/profiles/:id/neighbours: the pending profiles before and after this one in the queue's order. */
export interface ReviewNeighbours {
  previous: string | null;
  /** The next one, or the oldest when this one is the last (null when no other profile waits). */
  next: string | null;
}

export interface AdminCompanyItem extends CompanyView {
  user: { id: string; email: string | null; status: string };
  /** Reports by job seekers not answered yet: the console flags the company. */
  openReports: number;
}

/** GET /api/admin/companies/:id. */
export interface AdminCompanyDetail {
  company: AdminCompanyItem;
  invoices: InvoiceView[];
}

/**
 * GET /api/admin/payments?q=&cursor=&limit=: the invoices awaiting payment, those the company says it has paid first
 * (the longest-waiting first), then the others oldest first. q finds an invoice by the bank reference the company
 * gave, its amount (1417.50, 1,417.50, 1417.5, 1 417,50), its number or the company's name.
 */
export const paymentListQuery = z.object({ q: search, cursor, limit });

export interface AdminPayment {
  invoiceId: string;
  number: string;
  totalFils: number;
  currency: 'AED';
  issuedAt: string;
  periodStart: string;
  periodEnd: string;
  /** What the company said when it pressed "I have paid", if it did. */
  declaration: { transferDate: string; bankReference: string | null; declaredAt: string } | null;
  company: { id: string; companyName: string; subscriptionStatus: string };
}
