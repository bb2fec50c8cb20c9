// E-mails to companies about their subscription: the invoice and how to pay it, activation, the reminders before
// the end and the notice when it has ended. In the company's language (English or Arabic), plain words.
import { TIMING } from '#shared/constants.ts';
import type { InvoiceView } from '#shared/company.ts';
import { mailLanguage, type MailLanguage } from './mail-language.ts';
import { escapeHtml, greeting, layout, type RenderedEmail } from './templates.ts';


/** 2026-02-28 -> 28 February 2026 (the date as written, whatever the server's time zone). */
export const formatDate = (date: string) => mailLanguage('en').date(date);

/** The layout, with a table of label/value rows after the paragraphs (values escaped). */
function layoutWithTable(productName: string, paragraphs: string[], rows: [string, string][], action: { label: string; link: string }, l: MailLanguage) {
  const side = l.dir === 'rtl' ? 'right' : 'left';
  const table = `<table dir="${l.dir}" style="border-collapse:collapse;margin:0 0 16px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:${side};padding:${l.dir === 'rtl' ? '4px 0 4px 12px' : '4px 12px 4px 0'};vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('')}</table>`;
  // A function as replacement: "$&" in a value must stay text.
  return layout(productName, paragraphs, action, l).replace('<p style="margin:24px 0">', () => `${table}<p style="margin:24px 0">`);
}

const rowsAsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n');

/** To the company's e-mail when an invoice is issued (onboarding or renewal). The invoice number is the payment reference. */
export function invoiceIssuedTemplate(input: {
  productName: string;
  invoice: InvoiceView;
  /** Where the invoice can be seen, with how to pay it and "I have paid". */
  link: string;
  renewal: boolean;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { invoice, productName } = input;
  const total = l.money(invoice.totalFils);
  const paragraphs = [
    greeting(invoice.buyer.contactPerson, l),
    l.t(input.renewal ? 'invoiceIssued.introRenewal' : 'invoiceIssued.intro', { productName }),
    l.t('invoiceIssued.pay', { total, number: invoice.number }),
    input.renewal
      ? l.t('invoiceIssued.afterRenewal', { periodEnd: l.date(invoice.periodEnd) })
      : l.t('invoiceIssued.afterFirst', { hours: TIMING.activationHours }),
  ];
  const invoiceRows: [string, string][] = [
    [l.t('invoiceIssued.number'), invoice.number],
    [
      l.t('invoiceIssued.plan'),
      l.t('invoiceIssued.planValue', { plan: l.t(`plans.${invoice.plan}`), periodStart: l.date(invoice.periodStart), periodEnd: l.date(invoice.periodEnd) }),
    ],
    [l.t('invoiceIssued.amount'), l.money(invoice.subtotalFils)],
    [l.t('invoiceIssued.vat', { rate: invoice.vatRateBasisPoints / 100 }), l.money(invoice.vatFils)],
    [l.t('invoiceIssued.total'), total],
  ];
  const bankRows: [string, string][] = [
    [l.t('invoiceIssued.accountName'), invoice.seller.bank.accountName],
    [l.t('invoiceIssued.bank'), invoice.seller.bank.bankName],
    [l.t('invoiceIssued.iban'), invoice.seller.bank.iban],
    [l.t('invoiceIssued.swift'), invoice.seller.bank.swift],
    [l.t('invoiceIssued.reference'), invoice.number],
  ];
  const rows = [...invoiceRows, ...bankRows];
  return {
    subject: l.t('invoiceIssued.subject', { productName, number: invoice.number, total }),
    text: `${paragraphs.slice(0, 2).join('\n\n')}\n\n${rowsAsText(invoiceRows)}\n\n${paragraphs[2]}\n\n${rowsAsText(bankRows)}\n\n${paragraphs[3]}\n\n${l.t('invoiceIssued.textLink')}\n${input.link}\n`,
    html: layoutWithTable(productName, paragraphs, rows, { label: l.t('invoiceIssued.button'), link: input.link }, l),
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
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const lastDay = l.date(input.lastDay);
  const paragraphs = input.renewal
    ? [greeting(input.contactPerson, l), l.t('companyActivated.receivedRenewal', { productName, lastDay }), l.t('companyActivated.nextRenewal')]
    : [greeting(input.contactPerson, l), l.t('companyActivated.received', { productName }), l.t('companyActivated.next', { lastDay })];
  return {
    subject: l.t(input.renewal ? 'companyActivated.subjectRenewal' : 'companyActivated.subject', { productName }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('companyActivated.textLink')}\n${input.link}\n`,
    html: layout(productName, paragraphs, { label: l.t('companyActivated.button'), link: input.link }, l),
  };
}

/** Some days before the end of the subscription. */
export function subscriptionReminderTemplate(input: {
  productName: string;
  contactPerson: string;
  lastDay: string;
  daysLeft: number;
  link: string;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const when = l.t('subscriptionReminder.when', { count: input.daysLeft });
  const paragraphs = [
    greeting(input.contactPerson, l),
    l.t('subscriptionReminder.ends', { productName, when, lastDay: l.date(input.lastDay) }),
    l.t('subscriptionReminder.renew'),
  ];
  return {
    subject: l.t('subscriptionReminder.subject', { productName, when }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('subscriptionReminder.textLink')}\n${input.link}\n`,
    html: layout(productName, paragraphs, { label: l.t('subscriptionReminder.button'), link: input.link }, l),
  };
}

/** When the subscription has ended. */
export function subscriptionExpiredTemplate(input: { productName: string; contactPerson: string; lastDay: string; link: string; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const paragraphs = [
    greeting(input.contactPerson, l),
    l.t('subscriptionExpired.ended', { productName, lastDay: l.date(input.lastDay) }),
    l.t('subscriptionExpired.renew'),
  ];
  return {
    subject: l.t('subscriptionExpired.subject', { productName }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('subscriptionExpired.textLink')}\n${input.link}\n`,
    html: layout(productName, paragraphs, { label: l.t('subscriptionExpired.button'), link: input.link }, l),
  };
}

export interface AlertItem {
  name: string;
  industry: string | undefined;
  location: string;
  yearsOfExperience: number | null;
  link: string;
}

/** A saved search's alert: the profiles approved since the last one that match it (at most a page), with a link to
 *  the whole search and one to stop these e-mails. The stop link only turns the alert off, so it is part of the
 *  message (not kept apart like links that act for the account). */
export function savedSearchAlertTemplate(input: {
  productName: string;
  contactPerson: string;
  searchName: string;
  frequency: 'daily' | 'weekly';
  items: AlertItem[];
  total: number;
  searchLink: string;
  stopLink: string;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName, searchName, total, items } = input;
  const lineOf = (item: AlertItem) =>
    [
      item.industry,
      item.location,
      item.yearsOfExperience === null ? l.t('savedSearchAlert.experienceUnknown') : l.t('savedSearchAlert.experience', { count: item.yearsOfExperience }),
    ]
      .filter(Boolean)
      .join(' · ');
  const paragraphs = [
    greeting(input.contactPerson, l),
    l.t('savedSearchAlert.intro', { count: total, name: searchName, productName }),
    ...(total > items.length ? [l.t('savedSearchAlert.more', { count: items.length })] : []),
  ];
  const stop = l.t('savedSearchAlert.why', { frequency: l.t(`savedSearchAlert.${input.frequency}`) });
  const side = l.dir === 'rtl' ? 'right' : 'left';
  const list = `<ul dir="${l.dir}" style="padding-${side}:20px;margin:0 0 16px">${items
    .map(
      (item) =>
        `<li style="margin:0 0 8px"><a href="${escapeHtml(item.link)}" style="color:#047857;font-weight:600">${escapeHtml(item.name)}</a><br><span style="color:#475569">${escapeHtml(lineOf(item))}</span></li>`,
    )
    .join('')}</ul>`;
  const html = layout(productName, paragraphs, { label: l.t('savedSearchAlert.button'), link: input.searchLink }, l)
    // Functions as replacements: "$&" in a name must stay text.
    .replace('<p style="margin:24px 0">', () => `${list}<p style="margin:24px 0">`)
    .replace(
      '</body>',
      () =>
        `<p style="font-size:13px;color:#475569">${escapeHtml(stop)} <a href="${escapeHtml(input.stopLink)}" style="color:#475569">${escapeHtml(l.t('savedSearchAlert.stop'))}</a></p></body>`,
    );
  return {
    subject: l.t('savedSearchAlert.subject', { count: total, name: searchName }),
    text: `${paragraphs.join('\n\n')}\n\n${items.map((item) => `- ${item.name} (${lineOf(item)})\n  ${item.link}`).join('\n')}\n\n${l.t('savedSearchAlert.textLink')}\n${input.searchLink}\n\n${stop}\n${input.stopLink}\n`,
    html,
  };
}
