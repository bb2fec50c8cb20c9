// The e-mails the product sends: plain words for readers of English as a second language, the link in both parts.

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

export function layout(productName: string, paragraphs: string[], action: { label: string; link: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const link = escapeHtml(action.link);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p style="font-weight:700;font-size:20px;color:#047857;margin:0 0 24px">${escapeHtml(productName)}</p>${body}
<p style="margin:24px 0"><a href="${link}" style="background:#047857;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br>${link}</p>
</body></html>`;
}

export const greeting = (name?: string) => (name ? `Hello ${name},` : 'Hello,');

/**
 * `choosePassword`: the link will ask for a password, because the account's was chosen before the address was
 * proven (docs/decisions/0016).
 */
export function verifyEmailTemplate(input: { productName: string; name?: string; link: string; choosePassword?: boolean }): RenderedEmail {
  const link = secretPlaceholder('link');
  const ask = `Thank you for joining ${input.productName}. Please confirm that this is your e-mail address.`;
  const paragraphs = [
    greeting(input.name),
    input.choosePassword ? `${ask} You will choose your password again when you confirm.` : ask,
    'If you did not create an account, you can ignore this e-mail.',
  ];
  return {
    subject: `Confirm your e-mail address for ${input.productName}`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\nConfirm your e-mail address:\n${link}\n\n${paragraphs[2]}\n`,
    html: layout(input.productName, paragraphs.slice(0, 2), { label: 'Confirm e-mail address', link }).replace(
      '</body>',
      `<p style="font-size:13px;color:#475569">${escapeHtml(paragraphs[2]!)}</p></body>`,
    ),
    secrets: { link: input.link },
  };
}

export function passwordResetTemplate(input: { productName: string; name?: string; link: string; validMinutes: number }): RenderedEmail {
  const link = secretPlaceholder('link');
  const paragraphs = [
    greeting(input.name),
    `Someone asked to reset the password of your ${input.productName} account. Use the link below to choose a new password. It works once, for ${input.validMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ];
  return {
    subject: `Reset your ${input.productName} password`,
    text: `${paragraphs[0]}\n\n${paragraphs[1]}\n\n${link}\n\n${paragraphs[2]}\n`,
    html: layout(input.productName, paragraphs.slice(0, 2), { label: 'Choose a new password', link }).replace(
      '</body>',
      `<p style="font-size:13px;color:#475569">${escapeHtml(paragraphs[2]!)}</p></body>`,
    ),
    secrets: { link: input.link },
  };
}

/** To the support address when someone applies on the careers page (SPEC 7). The applicant's words are data:
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
