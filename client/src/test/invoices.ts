// A tax invoice and a company as the API answers them, for the component tests: a quarterly plan of AED 1,350 and
// 5% VAT, awaiting payment, changed where a test needs it.
import type { AdminCompanyItem } from '#shared/admin.ts';
import type { InvoiceView } from '#shared/company.ts';

export function anInvoice(changes: Partial<InvoiceView> = {}): InvoiceView {
  return {
    id: 'invoice-2',
    number: 'INV-2026-000002',
    status: 'issued',
    issuedAt: '2026-12-07T05:39:00.000Z',
    plan: 'quarterly',
    periodStart: '2026-12-07',
    periodEnd: '2027-03-06',
    currency: 'AED',
    subtotalFils: 135_000,
    vatRateBasisPoints: 500,
    vatFils: 6_750,
    totalFils: 141_750,
    seller: {
      name: 'Wazifa Technologies FZ-LLC',
      address: 'Office 1204, Tower B, Business Bay, Dubai',
      trn: '100234567890003',
      email: 'billing@wazifa.example',
      bank: { accountName: 'Wazifa Technologies FZ-LLC', iban: 'AE070331234567890123456', bankName: 'Emirates Example Bank', swift: 'EBILAEAD' },
    },
    buyer: { companyName: 'Acme Facilities Management', contactPerson: 'Layla Mansour', email: 'billing@acme-qa.test', phone: '+971551234567' },
    bankReference: null,
    paidAt: null,
    paymentDeclaration: null,
    ...changes,
  };
}

export function aCompany(changes: Partial<AdminCompanyItem> = {}): AdminCompanyItem {
  return {
    id: 'company-1',
    companyName: 'Acme Facilities Management',
    contactPerson: 'Layla Mansour',
    phone: '+971551234567',
    email: 'billing@acme-qa.test',
    tradeLicenceNumber: null,
    vatNumber: null,
    subscriptionPlan: 'quarterly',
    subscriptionStatus: 'active',
    paymentVerifiedAt: '2026-12-07T05:40:00.000Z',
    activatedAt: '2026-12-07T05:40:00.000Z',
    subscriptionStartDate: '2026-12-07',
    subscriptionEndDate: '2027-03-06',
    createdAt: '2026-12-07T05:39:00.000Z',
    hasAccess: true,
    slug: 'acme-facilities-management',
    licenceIssuer: null,
    licenceExpiresOn: null,
    licenceDocumentPath: null,
    employerVerified: false,
    employerVerifiedAt: null,
    user: { id: 'user-1', email: 'owner1@acme-qa.test', status: 'pending' },
    openReports: 0,
    ...changes,
  };
}
