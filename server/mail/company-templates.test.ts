import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '#shared/company.ts';
import {
  companyActivatedTemplate,
  formatDate,
  invoiceIssuedTemplate,
  subscriptionExpiredTemplate,
  subscriptionReminderTemplate,
} from './company-templates.ts';

const invoice: InvoiceView = {
  id: '5b0f3c1e-2a64-4c1e-9a53-1f2d3e4c5b6a',
  number: 'INV-2026-000042',
  status: 'issued',
  issuedAt: '2026-01-31T08:00:00.000Z',
  plan: 'quarterly',
  periodStart: '2026-01-31',
  periodEnd: '2026-04-30',
  currency: 'AED',
  subtotalFils: 135_000,
  vatRateBasisPoints: 500,
  vatFils: 6_750,
  totalFils: 141_750,
  seller: {
    name: 'Wazifa FZ-LLC',
    address: 'Dubai',
    trn: '100234567890003',
    email: 'billing@wazifa.example',
    bank: { accountName: 'Wazifa FZ-LLC', iban: 'AE070331234567890123456', bankName: 'Example Bank PJSC', swift: 'EXAMAEAD' },
  },
  buyer: { companyName: 'Sand & Sea <Trading>', contactPerson: 'Omar <b>Haddad</b>', email: 'hr@sandsea.example', phone: '+971501234567' },
  bankReference: null,
  paidAt: null,
  paymentDeclaration: null,
};

describe('company e-mails', () => {
  it('writes dates as people read them, whatever the server time zone', () => {
    expect(formatDate('2026-02-28')).toBe('28 February 2026');
    expect(formatDate('2027-01-01')).toBe('1 January 2027');
  });

  it('gives the invoice total, VAT, bank details and the payment reference; names are escaped in HTML', () => {
    const mail = invoiceIssuedTemplate({ productName: 'Wazifa', invoice, renewal: false, link: 'https://wazifa.example/pending' });
    expect(mail.subject).toBe('Your Wazifa invoice INV-2026-000042: AED 1,417.50');
    expect(mail.text).toContain('Hello Omar <b>Haddad</b>,');
    expect(mail.text).toContain('Total to pay: AED 1,417.50');
    expect(mail.text).toContain('VAT (5%): AED 67.50');
    expect(mail.text).toContain('Plan: Quarterly, 31 January 2026 to 30 April 2026');
    expect(mail.text).toContain('IBAN: AE070331234567890123456');
    expect(mail.text).toContain('Payment reference: INV-2026-000042');
    expect(mail.text).toContain('within 24 hours');
    expect(mail.html).not.toContain('<b>Haddad</b>');
    expect(mail.html).toContain('Omar &lt;b&gt;Haddad&lt;/b&gt;');
    expect(mail.html).toContain('EXAMAEAD');
    const renewal = invoiceIssuedTemplate({ productName: 'Wazifa', invoice, renewal: true, link: 'https://wazifa.example/account' });
    expect(renewal.text).toContain('your subscription continues until 30 April 2026');
  });

  it('tells of activation, reminders and expiry with the link', () => {
    const link = 'https://wazifa.example/dashboard';
    const activated = companyActivatedTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-02-28', renewal: false, link });
    expect(activated.subject).toBe('Your Wazifa account is active');
    expect(activated.text).toContain('until 28 February 2026');
    expect(companyActivatedTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-03-31', renewal: true, link }).subject).toBe(
      'Your Wazifa subscription is renewed',
    );
    expect(subscriptionReminderTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-02-28', daysLeft: 7, link }).subject).toBe(
      'Your Wazifa subscription ends in 7 days',
    );
    const tomorrow = subscriptionReminderTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-02-28', daysLeft: 1, link });
    expect(tomorrow.subject).toBe('Your Wazifa subscription ends in 1 day');
    expect(tomorrow.text).toContain(link);
    const expired = subscriptionExpiredTemplate({ productName: 'Wazifa', contactPerson: 'Omar', lastDay: '2026-02-28', link });
    expect(expired.text).toContain('ended on 28 February 2026');
    expect(expired.html).toContain(link);
  });
});
