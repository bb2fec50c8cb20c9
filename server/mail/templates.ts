// The e-mails the product sends: plain words in the recipient's language (mail-language.ts), the link in both parts.
import { mailLanguage, type MailLanguage } from './mail-language.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** Links that act for the recipient, by placeholder name: kept out of text and html (see secrets.ts). */
  secrets?: Record<string, string>;
}

/**
 * Where a secret goes in a message: a link that lets its reader act as the recipient (confirm the address, set a
 * new password, any later signed link). The outbox keeps the value apart and fills it in at delivery; the admin
 * console never sees it. Its characters pass escapeHtml unchanged, so it works in both parts.
 */
export function secretPlaceholder(name: string): string {
  return `{{secret:${name}}}`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const ENGLISH = mailLanguage('en');

/** The message around the paragraphs, in the recipient's language and direction. */
export function layout(productName: string, paragraphs: string[], action: { label: string; link: string }, language: MailLanguage = ENGLISH): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const link = escapeHtml(action.link);
  return `<!doctype html><html lang="${language.locale}" dir="${language.dir}"><body dir="${language.dir}" style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:20px;color:#047857;margin:0 0 24px">${escapeHtml(productName)}</p>${body}
<p style="margin:24px 0"><a href="${link}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(language.t('layout.fallback'))}<br><span dir="ltr">${link}</span></p>
</body></html>`;
}

export const greeting = (name?: string, language: MailLanguage = ENGLISH) =>
  name ? language.t('layout.greeting', { name }) : language.t('layout.greetingNoName');

/** A paragraph in small print after the action (what to do if the message was not expected). */
const withSmallPrint = (html: string, text: string) => html.replace('</body>', `<p style="font-size:13px;color:#475569">${escapeHtml(text)}</p></body>`);

/**
 * `passwordPredatesProof`: the account's password was chosen before the address was proven, so the link confirms at
 * once only in the browser that chose it, and elsewhere asks for that password or a new one (docs/decisions/0016).
 */
export function verifyEmailTemplate(input: { productName: string; name?: string; link: string; passwordPredatesProof?: boolean; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const link = secretPlaceholder('link');
  const ask = l.t('verifyEmail.ask', { productName });
  const ignore = l.t('verifyEmail.ignore');
  const paragraphs = [greeting(input.name, l), input.passwordPredatesProof ? `${ask} ${l.t('verifyEmail.elsewhere')}` : ask];
  return {
    subject: l.t('verifyEmail.subject', { productName }),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${l.t('verifyEmail.textLink')}\n${link}\n\n${ignore}\n`,
    html: withSmallPrint(layout(productName, paragraphs, { label: l.t('verifyEmail.button'), link }, l), ignore),
    secrets: { link: input.link },
  };
}

export function passwordResetTemplate(input: { productName: string; name?: string; link: string; validMinutes: number; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const link = secretPlaceholder('link');
  const ignore = l.t('passwordReset.ignore');
  const paragraphs = [greeting(input.name, l), l.t('passwordReset.body', { productName, minutes: input.validMinutes })];
  return {
    subject: l.t('passwordReset.subject', { productName }),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${link}\n\n${ignore}\n`,
    html: withSmallPrint(layout(productName, paragraphs, { label: l.t('passwordReset.button'), link }, l), ignore),
    secrets: { link: input.link },
  };
}

/** To the support address when someone applies on the careers page. The applicant's words are data:
 *  one-line fields are flattened so they cannot add lines to the subject, and everything is escaped in HTML. */
export function careerApplicationTemplate(input: {
  productName: string;
  publicUrl: string;
  application: { name: string; email: string; phone?: string; linkedinUrl?: string; message?: string; resumeUrl: string };
}): RenderedEmail {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const a = input.application;
  const consoleLink = `${input.publicUrl}/admin/applications`;
  const fields: [string, string][] = [
    ['Name', oneLine(a.name)],
    ['E-mail', oneLine(a.email)],
    ['Phone', a.phone ? oneLine(a.phone) : 'not given'],
    ['LinkedIn', a.linkedinUrl ? oneLine(a.linkedinUrl) : 'not given'],
    ['Resume', `${input.publicUrl}${a.resumeUrl}`],
  ];
  const message = a.message?.trim() || 'none';
  const intro = `Someone applied to join the ${input.productName} team on the careers page.`;
  // A function as replacement: "$&" in the applicant's text must stay text.
  const html = layout(input.productName, [intro], { label: 'Open the applications', link: consoleLink }).replace(
    `<p style="margin:24px 0">`,
    () => `<table style="border-collapse:collapse;margin:0 0 16px">${fields
      .map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
      .join('')}</table><p style="margin:0 0 4px;font-weight:600">Message</p><p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(message)}</p><p style="margin:24px 0">`,
  );
  return {
    subject: `New career application: ${oneLine(a.name)}`,
    text: `${intro}\n\n${fields.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\nMessage:\n${message}\n\nSee all applications: ${consoleLink}\n`,
    html,
  };
}

/** Once a month at most, to an approved job seeker who has not said for a while that they are still looking: one
 *  click confirms it, without signing in (the link acts for them, so it is kept apart from the message). */
export function stillLookingTemplate(input: { productName: string; name?: string; link: string; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const link = secretPlaceholder('link');
  const found = l.t('stillLooking.found');
  const paragraphs = [greeting(input.name, l), l.t('stillLooking.body', { productName })];
  return {
    subject: l.t('stillLooking.subject'),
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${l.t('stillLooking.textLink')}\n${link}\n\n${found}\n`,
    html: withSmallPrint(layout(productName, paragraphs, { label: l.t('stillLooking.button'), link }, l), found),
    secrets: { link: input.link },
  };
}

/** A Contact Sales request, to the sales address (our own team reads English). */
export function salesRequestTemplate(input: {
  productName: string;
  publicUrl: string;
  request: { companyName: string; contactPerson: string; email: string; phone: string; plan: string; message?: string };
}): RenderedEmail {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const r = input.request;
  const consoleLink = `${input.publicUrl}/admin/sales`;
  const fields: [string, string][] = [
    ['Company', oneLine(r.companyName)],
    ['Contact person', oneLine(r.contactPerson)],
    ['E-mail', oneLine(r.email)],
    ['Phone', oneLine(r.phone)],
    ['Plan', r.plan],
  ];
  const message = r.message?.trim() || 'none';
  const intro = `A company asked to talk to sales on ${input.productName}. Please answer within one working day.`;
  // A function as replacement: "$&" in the visitor's text must stay text.
  const html = layout(input.productName, [intro], { label: 'Open the sales requests', link: consoleLink }).replace(
    `<p style="margin:24px 0">`,
    () => `<table style="border-collapse:collapse;margin:0 0 16px">${fields
      .map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`)
      .join('')}</table><p style="margin:0 0 4px;font-weight:600">Message</p><p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(message)}</p><p style="margin:24px 0">`,
  );
  return {
    subject: `Sales request: ${oneLine(r.companyName)} (${r.plan})`,
    text: `${intro}\n\n${fields.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\nMessage:\n${message}\n\nSee all requests: ${consoleLink}\n`,
    html,
  };
}

/** An invitation to join a company's team on the product (English: the invitee's language is not known yet). */
export function teamInvitationTemplate(input: { productName: string; companyName: string; inviter: string; link: string; validDays: number }): RenderedEmail {
  const link = secretPlaceholder('link');
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const body = `${oneLine(input.inviter)} invites you to join ${oneLine(input.companyName)} on ${input.productName}: search reviewed job seekers, watch their videos and contact them, with your team's shortlist and notes.`;
  const validity = `The link works for ${input.validDays} days. If you did not expect this invitation, you can ignore this e-mail.`;
  return {
    subject: `${oneLine(input.inviter)} invites you to ${oneLine(input.companyName)} on ${input.productName}`,
    text: `Hello,\n\n${body}\n\n${link}\n\n${validity}\n`,
    html: withSmallPrint(layout(input.productName, ['Hello,', body], { label: 'Accept the invitation', link }), validity),
    secrets: { link: input.link },
  };
}

/**
 * The weekly e-mail to a job seeker of what companies did with their profile since the last one: how many companies
 * viewed it, downloaded the CV, made contact (each company counted once), a link to the list on /profile, the
 * reminder that nobody may ask them for money, and a one-click stop (the link only turns this e-mail off).
 */
export function profileActivityTemplate(input: {
  productName: string;
  name?: string;
  counts: { viewed: number; downloaded: number; contacted: number };
  profileLink: string;
  stopLink: string;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName, counts } = input;
  const companies = Math.max(counts.viewed, counts.downloaded, counts.contacted);
  const lines = [
    counts.viewed > 0 ? l.t('profileActivity.viewed', { count: counts.viewed }) : null,
    counts.downloaded > 0 ? l.t('profileActivity.downloaded', { count: counts.downloaded }) : null,
    counts.contacted > 0 ? l.t('profileActivity.contacted', { count: counts.contacted }) : null,
  ].filter((line): line is string => line !== null);
  const noFees = l.t('profileActivity.noFees', { productName });
  const stop = `${l.t('profileActivity.stop')} ${input.stopLink}`;
  const paragraphs = [greeting(input.name, l), l.t('profileActivity.intro', { productName }), ...lines, noFees];
  return {
    subject: l.t('profileActivity.subject', { count: companies }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('profileActivity.textLink')}\n${input.profileLink}\n\n${stop}\n`,
    html: layout(productName, paragraphs, { label: l.t('profileActivity.button'), link: input.profileLink }, l).replace(
      '</body>',
      `<p style="font-size:13px;color:#475569">${escapeHtml(l.t('profileActivity.stop'))} <a href="${escapeHtml(input.stopLink)}" dir="ltr">${escapeHtml(input.stopLink)}</a></p></body>`,
    ),
  };
}

/** The admin's answer to a job seeker who reported a company, in the job seeker's language. */
export function reportAnswerTemplate(input: { productName: string; name?: string; companyName: string; answer: string; profileLink: string; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const paragraphs = [
    greeting(input.name, l),
    l.t('reportAnswer.intro', { companyName: input.companyName }),
    input.answer,
    l.t('reportAnswer.thanks', { productName }),
  ];
  return {
    subject: l.t('reportAnswer.subject', { companyName: input.companyName.replace(/\s+/g, ' ').trim() }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('reportAnswer.textLink')}\n${input.profileLink}\n`,
    html: layout(productName, paragraphs, { label: l.t('reportAnswer.button'), link: input.profileLink }, l),
  };
}
