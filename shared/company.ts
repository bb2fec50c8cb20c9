// Companies: onboarding, tax invoices and subscriptions. Shared by the server's edge and
// the client's forms and pages. Money is integer fils; dates of a billing period are YYYY-MM-DD.
import { z } from 'zod';
import { PLAN_IDS, type PlanId, type SubscriptionStatus } from './constants.ts';
import { normalizeGccPhone, PHONE_NOT_GCC } from './profile.ts';
import type { LicenceIssuer } from './employers.ts';
import { idSchema } from './ids.ts';
import { text } from './text.ts';

const requiredText = (field: string, message: string, max: number) =>
  text(field, { error: message }).min(2, message).max(max, `Please keep this under ${max} characters`);

/** The onboarding form: who the company is and which plan it pays for. */
export const companyOnboardingSchema = z.object({
  companyName: requiredText('Company name', 'Please enter your company name', 160),
  contactPerson: requiredText('Contact person', 'Please enter the name of a contact person', 120),
  phone: text('Phone number', { error: 'Please enter a valid phone number' })
    .min(10, 'Please enter a valid phone number')
    .max(30, 'Please enter a valid phone number')
    .refine((value) => normalizeGccPhone(value) !== undefined, PHONE_NOT_GCC),
  email: text('E-mail address', { error: 'Please enter your e-mail address' })
    .toLowerCase()
    .max(254, 'This e-mail address is too long')
    .pipe(z.email('Please enter a valid e-mail address')),
  subscriptionPlan: z.enum(PLAN_IDS, { error: 'Please choose a plan' }),
});
export type CompanyOnboardingInput = z.input<typeof companyOnboardingSchema>;
export type CompanyOnboarding = z.output<typeof companyOnboardingSchema>;

/** PATCH /api/company/profile: the company's details on /account (the plan changes with a renewal). */
export const companyDetailsSchema = companyOnboardingSchema.omit({ subscriptionPlan: true }).extend({
  tradeLicenceNumber: text('Trade licence number').max(40, 'Please keep this under 40 characters').optional(),
  vatNumber: text('TRN')
    .refine((value) => value === '' || /^\d{15}$/.test(value), 'Please enter the 15-digit TRN (tax registration number), or leave it empty')
    .optional(),
});
export type CompanyDetailsInput = z.input<typeof companyDetailsSchema>;

/** POST /api/company/renewal: the next period's invoice, for the plan chosen (the current one if none). */
export const renewalSchema = z.object({ plan: z.enum(PLAN_IDS, { error: 'Please choose a plan' }).optional() });

/** The server stores the phone number in E.164, as for job seekers. */
export const insertCompanySchema = companyOnboardingSchema.extend({
  phone: companyOnboardingSchema.shape.phone.transform((value) => normalizeGccPhone(value)!),
});

export const verifyPaymentSchema = z.object({
  invoiceId: idSchema('Please choose the invoice that was paid'),
  bankReference: text('Bank reference', { error: 'Please enter the bank reference of the transfer' })
    .min(1, 'Please enter the bank reference of the transfer')
    .min(3, 'The bank reference has at least 3 characters')
    .max(100, 'The bank reference is too long'),
});
export type VerifyPaymentInput = z.input<typeof verifyPaymentSchema>;

/**
 * The earliest day a transfer paying an invoice may be dated: a transfer names the invoice, so it cannot come before
 * it, with a day's leeway for a bank or a person whose day is not the Gulf's (Dubai time, UTC+4).
 */
export function earliestTransferDate(invoiceIssuedAt: Date): string {
  return new Date(invoiceIssuedAt.getTime() + (4 - 24) * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** POST /api/company/invoices/:id/payment: "I have paid", with the day of the transfer and the bank's reference. */
export const declarePaymentSchema = z.object({
  transferDate: z.iso.date({ error: 'Please enter the date of your transfer' }),
  bankReference: text('Bank reference').max(100, 'The bank reference is too long').optional(),
});
export type DeclarePaymentInput = z.input<typeof declarePaymentSchema>;

/**
 * The characters of a bank reference (or an invoice number) that banks keep when they print it: FT 2603-2200 777 is
 * ft26032200777. Two references are the same when these are.
 */
export const referenceLetters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What the company said when it pressed "I have paid". */
export interface PaymentDeclaration {
  transferDate: string;
  bankReference: string | null;
  declaredAt: string;
}

export const INVOICE_STATUSES = ['issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The seller as printed on every invoice (from configuration at the time of issue). */
export interface SellerDetails {
  name: string;
  address: string;
  trn: string;
  email: string;
  bank: { accountName: string; iban: string; bankName: string; swift: string };
}

export interface BuyerDetails {
  companyName: string;
  contactPerson: string;
  email: string;
  phone: string;
  /** The buyer's VAT registration number, when the company gave one before the invoice was issued. */
  trn?: string;
}

/** A tax invoice as the company and the admin see it (GET /api/company/invoices/:id). */
export interface InvoiceView {
  id: string;
  /** Sequential per year, e.g. INV-2026-000042; also the payment reference. */
  number: string;
  status: InvoiceStatus;
  issuedAt: string;
  plan: PlanId;
  periodStart: string;
  periodEnd: string;
  currency: 'AED';
  subtotalFils: number;
  vatRateBasisPoints: number;
  vatFils: number;
  totalFils: number;
  seller: SellerDetails;
  buyer: BuyerDetails;
  bankReference: string | null;
  paidAt: string | null;
  /** The company said it has paid (and when it sent the transfer), until our team verifies it. */
  paymentDeclaration: PaymentDeclaration | null;
}

export type InvoiceSummary = Pick<InvoiceView, 'id' | 'number' | 'status' | 'issuedAt' | 'plan' | 'periodStart' | 'periodEnd' | 'totalFils' | 'paymentDeclaration'>;

export interface CompanyView {
  id: string;
  companyName: string;
  contactPerson: string;
  phone: string;
  email: string;
  tradeLicenceNumber: string | null;
  vatNumber: string | null;
  subscriptionPlan: PlanId;
  subscriptionStatus: SubscriptionStatus;
  paymentVerifiedAt: string | null;
  activatedAt: string | null;
  /** First day of the current run of the subscription, YYYY-MM-DD (Gulf time). */
  subscriptionStartDate: string | null;
  /** Last day with access, YYYY-MM-DD (Gulf time), included: access ends at midnight after it. */
  subscriptionEndDate: string | null;
  createdAt: string;
  /** True while the subscription is active and not past its end: the database is open to the company. */
  hasAccess: boolean;
  /** The public employer page: /employers/<slug>. */
  slug: string | null;
  /** The trade licence given for checking (the number is tradeLicenceNumber), and its document. */
  licenceIssuer: LicenceIssuer | null;
  licenceExpiresOn: string | null;
  licenceDocumentPath: string | null;
  /** Our team checked the licence, and it has not expired: the verified mark job seekers see. */
  employerVerified: boolean;
  employerVerifiedAt: string | null;
}

/** GET /api/company/profile. */
export interface CompanyAccount {
  company: CompanyView;
  invoices: InvoiceSummary[];
  /** Whether the reader sees the bills: the owner and admin colleagues do; a plain member gets no invoices. */
  billing: boolean;
  /** For the renewal form: seats each plan has, and how many the team takes (open invitations included). */
  team: { used: number; seats: Record<PlanId, number> };
}
