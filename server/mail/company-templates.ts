// E-mails to companies about their subscription: the invoice and how to pay it, activation, the reminders before
// the end and the notice when it has ended. Plain words for readers of English as a second language.
import { formatAed, TIMING, type PlanId } from '#shared/constants.ts';
import type { InvoiceView } from '#shared/company.ts';
import { escapeHtml, greeting, layout, type RenderedEmail } from './templates.ts';

const PLAN_NAMES: Record<PlanId, string> = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' };

/** 2026-02-28 -> 28 February 2026 (the date as written, whatever the server's time zone). */
export function formatDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

const aed = (fils: number) => `AED ${formatAed(fils)}`;

/** The layout, with a table of label/value rows after the paragraphs (values escaped). */
function layoutWithTable(productName: string, paragraphs: string[], rows: [string, string][], action: { label: string; link: string }) {
  const table = `<table style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  // A function as replacement: "$&" in a value must stay text.
  return layout(productName, paragraphs, action).replace('<p style="margin:24px 0">', () => `${table}<p style="margin:24px 0">`);
}

const rowsAsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** To the company's e-mail when an invoice is issued (onboarding or renewal). The invoice number is the payment reference. */
export function invoiceIssuedTemplate(input: {
  productName: string;
  invoice: InvoiceView;
  /** Where the invoice can be seen and printed. */
  link: string;
  renewal: boolean;
}): RenderedEmail {
  const { invoice } = input;
  const intro = input.renewal
    ? `Thank you for renewing your ${input.productName} subscription. Here is your invoice.`
    : `Thank you for choosing ${input.productName}. Here is your invoice.`;
  const paragraphs = [
    greeting(invoice.buyer.contactPerson),
    intro,
    `Please pay ${aed(invoice.totalFils)} by bank transfer to the account below. Write the payment reference ${invoice.number} on the transfer, so we can find your payment.`,
    input.renewal
      ? `When we receive the payment, your subscription continues until ${formatDate(invoice.periodEnd)}.`
      : `When we receive the payment, we activate your account within ${TIMING.activationHours} hours, and we send you an e-mail.`,
  ];
  const invoiceRows: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Plan', `${PLAN_NAMES[invoice.plan]}, ${formatDate(invoice.periodStart)} to ${formatDate(invoice.periodEnd)}`],
    ['Amount', aed(invoice.subtotalFils)],
    [`VAT (${invoice.vatRateBasisPoints / 100}%)`, aed(invoice.vatFils)],
    ['Total to pay', aed(invoice.totalFils)],
  ];
  const bankRows: [string, string][] = [
    ['Account name', invoice.seller.bank.accountName],
    ['Bank', invoice.seller.bank.bankName],
    ['IBAN', invoice.seller.bank.iban],
    ['SWIFT', invoice.seller.bank.swift],
    ['Payment reference', invoice.number],
  ];
  const rows = [...invoiceRows, ...bankRows];
  return {
    subject: `Your ${input.productName} invoice ${invoice.number}: ${aed(invoice.totalFils)}`,
    text: `${paragraphs.slice(0, 2).join('\n\n')}\n\n${rowsAsText(invoiceRows)}\n\n${paragraphs[2]}\n\n${rowsAsText(bankRows)}\n\n${paragraphs[3]}\n\nSee and print your invoice:\n${input.link}\n`,
    html: layoutWithTable(input.productName, paragraphs, rows, { label: 'See and print the invoice', link: input.link }),
  };
}

/** When an admin has verified the payment: the account is active (or the subscription longer). */
export function companyActivatedTemplate(input: {
  productName: string;
  contactPerson: string;
  /** Last day of access, YYYY-MM-DD. */
  lastDay: string;
  renewal: boolean;
  link: string;
}): RenderedEmail {
  const paragraphs = input.renewal
    ? [
        greeting(input.contactPerson),
        `We have received your payment. Thank you. Your ${input.productName} subscription now runs until ${formatDate(input.lastDay)}.`,
        'You can keep browsing job seekers, watch their videos and contact them.',
      ]
    : [
        greeting(input.contactPerson),
        `We have received your payment. Thank you. Your ${input.productName} account is now active.`,
        `You can now browse job seekers, watch their introduction videos and contact them by e-mail or WhatsApp. Your subscription runs until ${formatDate(input.lastDay)}.`,
      ];
  return {
    subject: input.renewal ? `Your ${input.productName} subscription is renewed` : `Your ${input.productName} account is active`,
    text: `${paragraphs.join('\n\n')}\n\nBrowse job seekers:\n${input.link}\n`,
    html: layout(input.productName, paragraphs, { label: 'Browse job seekers', link: input.link }),
  };
}

/** Some days before the end of the subscription. */
export function subscriptionReminderTemplate(input: {
  productName: string;
  contactPerson: string;
  lastDay: string;
  daysLeft: number;
  link: string;
}): RenderedEmail {
  const when = input.daysLeft === 1 ? 'in 1 day' : `in ${input.daysLeft} days`;
  const paragraphs = [
    greeting(input.contactPerson),
    `Your ${input.productName} subscription ends ${when}. The last day is ${formatDate(input.lastDay)} (UAE time).`,
    'After this day, you cannot search job seekers or see their profiles. To keep your access, please renew now. We send you a new invoice, and the new period starts when the current one ends, so you lose no days.',
  ];
  return {
    subject: `Your ${input.productName} subscription ends ${when}`,
    text: `${paragraphs.join('\n\n')}\n\nRenew your subscription:\n${input.link}\n`,
    html: layout(input.productName, paragraphs, { label: 'Renew your subscription', link: input.link }),
  };
}

/** When the subscription has ended. */
export function subscriptionExpiredTemplate(input: { productName: string; contactPerson: string; lastDay: string; link: string }): RenderedEmail {
  const paragraphs = [
    greeting(input.contactPerson),
    `Your ${input.productName} subscription ended on ${formatDate(input.lastDay)}. You cannot search job seekers now.`,
    'You can renew at any time. When we receive your payment, your access opens again.',
  ];
  return {
    subject: `Your ${input.productName} subscription has ended`,
    text: `${paragraphs.join('\n\n')}\n\nRenew your subscription:\n${input.link}\n`,
    html: layout(input.productName, paragraphs, { label: 'Renew your subscription', link: input.link }),
  };
}
