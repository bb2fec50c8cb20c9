import { describe, expect, it } from 'vitest';
import { composeSalesEmail, type SalesEmailLabels } from './compose-sales-email';

const labels: SalesEmailLabels = {
  subject: (name) => `Sales request: ${name}`,
  company: 'Company',
  contactPerson: 'Contact person',
  email: 'E-mail',
  phone: 'Phone',
  plan: 'Plan',
  message: 'Message',
};

function parse(mailto: string) {
  const url = new URL(mailto);
  return { to: decodeURIComponent(url.pathname), subject: url.searchParams.get('subject'), body: url.searchParams.get('body') };
}

describe('composeSalesEmail', () => {
  const request = {
    companyName: 'Al Noor Facilities & Co. #1?',
    contactPerson: 'فاطمة الزهراء',
    email: 'hr@alnoor.example',
    phone: '+971 50 123 4567',
    plan: 'quarterly' as const,
    message: 'We need 20 cleaners\nfrom March',
  };

  it('addresses the support mailbox with the company in the subject', () => {
    const mail = parse(composeSalesEmail(request, { to: 'sales@wazifa.example', planLabel: 'Quarterly', labels }));
    expect(mail.to).toBe('sales@wazifa.example');
    expect(mail.subject).toBe('Sales request: Al Noor Facilities & Co. #1?');
  });

  it('lists every field on its own line, with special and Arabic characters intact', () => {
    const mailto = composeSalesEmail(request, { to: 'sales@wazifa.example', planLabel: 'Quarterly: 450 AED per month', labels });
    // Nothing in the values can break the link apart: no raw spaces, and one & between subject and body.
    expect(mailto).not.toMatch(/\s|#/);
    expect(mailto.split('&')).toHaveLength(2);
    const { body } = parse(mailto);
    expect(body!.split('\r\n')).toEqual([
      'Company: Al Noor Facilities & Co. #1?',
      'Contact person: فاطمة الزهراء',
      'E-mail: hr@alnoor.example',
      'Phone: +971 50 123 4567',
      'Plan: Quarterly: 450 AED per month',
      'Message: We need 20 cleaners\nfrom March',
    ]);
  });

  it('leaves the message line empty when there is none', () => {
    const { body } = parse(composeSalesEmail({ ...request, message: undefined }, { to: 's@x.example', planLabel: 'Monthly', labels }));
    expect(body!.endsWith('Message: ')).toBe(true);
  });
});
