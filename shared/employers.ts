// Trust between job seekers and employers: the employer's public page and its verified mark (a trade licence our
// team checked), what a job seeker sees of the companies that looked at them, blocks and reports. Shared by the
// server's edge and the client's forms.
import { z } from 'zod';
import type { CompanyView } from './company.ts';
import { idSchema } from './ids.ts';
import { text } from './text.ts';

/**
 * Who issues trade licences in the region: each emirate's economic department (ISO 3166-2 codes), and the other
 * GCC countries' ministries (their country codes).
 */
export const LICENCE_ISSUERS = ['AE-AZ', 'AE-DU', 'AE-SH', 'AE-AJ', 'AE-UQ', 'AE-RK', 'AE-FU', 'SA', 'QA', 'BH', 'KW', 'OM'] as const;
export type LicenceIssuer = (typeof LICENCE_ISSUERS)[number];

/** The public page's address of a company: its name's Latin letters and digits, then a piece of its id. */
export function companySlug(companyName: string, id: string): string {
  const words = companyName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
  return [words, id.replaceAll('-', '').slice(0, 8)].filter(Boolean).join('-');
}
export const SLUG_PATTERN = /^[a-z0-9-]{8,96}$/;

/** Whether the verified mark counts today: checked by our team, and the licence not past its expiry. */
export function isVerifiedEmployer(company: { employerVerifiedAt: Date | string | null; licenceExpiresOn: string | null }, today: string): boolean {
  return company.employerVerifiedAt !== null && company.licenceExpiresOn !== null && company.licenceExpiresOn >= today;
}

/** PUT /api/company/licence: the trade licence for our team to check (the owner or an admin of the company). */
export const companyLicenceSchema = z.object({
  tradeLicenceNumber: text('Trade licence number', { error: 'Please enter the trade licence number' })
    .min(2, 'Please enter the trade licence number')
    .max(40, 'The trade licence number is too long'),
  licenceIssuer: z.enum(LICENCE_ISSUERS, { error: 'Please choose who issued the licence' }),
  licenceExpiresOn: z.iso.date({ error: 'Please enter the date the licence expires' }),
  /** The uploaded document (/objects/licence/<id>), a PDF or an image. */
  documentPath: z
    .string({ error: 'Please upload the licence document' })
    .regex(/^\/objects\/licence\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Please upload the licence document'),
});
export type CompanyLicenceInput = z.input<typeof companyLicenceSchema>;

/** POST /api/admin/companies/:id/employer-verification: the mark given, or taken away. */
export const employerVerificationSchema = z.object({ verified: z.boolean({ error: 'verified must be true or false' }) });

/** Why a job seeker reports a company. */
export const REPORT_REASONS = ['asked_for_money', 'fake_job', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_DETAILS_MAX = 2000;

/** File name endings the pickers offer: a screenshot is an image, a licence a PDF or an image (checked by bytes). */
export const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
export const LICENCE_EXTENSIONS = ['.pdf', ...IMAGE_EXTENSIONS] as const;

/** POST /api/reports: what happened, in the job seeker's words, and an optional screenshot. */
export const companyReportSchema = z.object({
  companyId: idSchema('Please choose the company'),
  reason: z.enum(REPORT_REASONS, { error: 'Please choose what happened' }),
  details: text('What happened', { error: 'Please say what happened', multiline: true })
    .min(10, 'Please say what happened in a few words')
    .max(REPORT_DETAILS_MAX, `Please keep it under ${REPORT_DETAILS_MAX} characters`),
  /** /objects/screenshot/<id>, uploaded before (a JPEG, PNG or WebP image up to 5 MB). */
  screenshotPath: z
    .string()
    .regex(/^\/objects\/screenshot\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Please upload the screenshot again')
    .optional(),
});
export type CompanyReportInput = z.input<typeof companyReportSchema>;

/** POST /api/admin/reports/:id/answer: the admin's answer, e-mailed to the reporter. */
export const reportAnswerSchema = z.object({
  answer: text('Answer', { error: 'Please write your answer', multiline: true }).min(2, 'Please write your answer').max(REPORT_DETAILS_MAX, `Please keep it under ${REPORT_DETAILS_MAX} characters`),
});

/** The longest name the employer search takes: its box stops there. */
export const EMPLOYER_SEARCH_MAX = 100;

/** GET /api/employers?q=: verified employers by name, for a job seeker to block one they have not met here. */
export const employerSearchSchema = z.object({
  q: text('Company name').min(2, 'Please type at least 2 letters of the name').max(EMPLOYER_SEARCH_MAX, 'The name is too long'),
});

/** The public page of an employer (/employers/:slug), as anyone sees it. */
export interface EmployerPage {
  id: string;
  slug: string;
  companyName: string;
  /** The licence our team checked, while it runs. */
  verified: boolean;
  licenceIssuer: LicenceIssuer | null;
  licenceExpiresOn: string | null;
  /** Subscribed now: it can search and contact job seekers through the product. */
  activeSubscription: boolean;
  /** Suspended by our team (reports, unpaid, …): it cannot reach anyone through the product. */
  suspended: boolean;
  memberSince: string;
}

/** One thing a company did with the job seeker's profile, as /profile lists it. */
export interface ProfileActivityItem {
  companyId: string;
  companyName: string;
  slug: string | null;
  verified: boolean;
  blocked: boolean;
  type: 'view' | 'cv_download' | 'contact';
  channel: 'email' | 'whatsapp' | null;
  at: string;
}

export interface ProfileActivityPage {
  items: ProfileActivityItem[];
  nextCursor: string | null;
}

/** A company the job seeker blocked. */
export interface BlockedCompany {
  companyId: string;
  companyName: string;
  slug: string | null;
  verified: boolean;
  blockedAt: string;
}

/** A verified employer found by name (to block). */
export interface EmployerMatch {
  id: string;
  companyName: string;
  slug: string;
  blocked: boolean;
}

/** A report as the console lists it. */
export interface AdminReportItem {
  id: string;
  reason: ReportReason;
  details: string;
  createdAt: string;
  screenshotPath: string | null;
  company: { id: string; companyName: string; slug: string | null; subscriptionStatus: string; openReports: number };
  reporter: { id: string | null; email: string | null; name: string | null; locale: string | null };
  answer: string | null;
  answeredAt: string | null;
}

/** One report opened: with the company, its history (the console's audit rows) and its other reports. */
export interface AdminReportDetail extends AdminReportItem {
  companyDetail: CompanyView;
  otherReports: { id: string; reason: ReportReason; createdAt: string; answeredAt: string | null }[];
  history: { action: string; at: string; details: unknown }[];
}


const pageCursor = z.string({ error: 'The page cursor is not valid' }).max(300, 'The page cursor is not valid').optional();
const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, `limit must be between 1 and ${max}`)
    .max(max, `limit must be between 1 and ${max}`)
    .default(fallback);

/** GET /api/admin/reports?answered=false|true&cursor=&limit= (open ones oldest first, answered ones newest first). */
export const reportListQuery = z.object({
  answered: z.enum(['true', 'false'], { error: 'answered must be true or false' }).transform((v) => v === 'true').default(false),
  cursor: pageCursor,
  limit: pageLimit(100, 20),
});

/** GET /api/job-seeker/activity?cursor=&limit= (newest first). */
export const activityListQuery = z.object({ cursor: pageCursor, limit: pageLimit(50, 20) });

/** PUT /api/job-seeker/activity-emails: the weekly e-mail on or off. */
export const activityEmailsSchema = z.object({ on: z.boolean({ error: 'on must be true or false' }) });

/** POST /api/activity-emails/stop: the weekly e-mail's one-click stop. */
export const activityStopSchema = z.object({ token: z.string({ error: 'This link is not valid' }).min(1, 'This link is not valid').max(200, 'This link is not valid') });
