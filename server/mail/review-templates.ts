// E-mails to job seekers about the review of their profile, in the job seeker's language.
import type { RejectionReason } from '#shared/profile.ts';
import { mailLanguage } from './mail-language.ts';
import { greeting, layout, type RenderedEmail } from './templates.ts';

export function profileApprovedTemplate(input: { productName: string; name: string; link: string; locale?: string | null }): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const paragraphs = [greeting(input.name, l), l.t('profileApproved.approved', { productName }), l.t('profileApproved.next')];
  return {
    subject: l.t('profileApproved.subject', { productName }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('profileApproved.textLink')}\n${input.link}\n`,
    html: layout(productName, paragraphs, { label: l.t('profileApproved.button'), link: input.link }, l),
  };
}

/** Each reason with what to change, in the job seeker's language; the reviewer's note (their own words) after them. */
export function profileRejectedTemplate(input: {
  productName: string;
  name: string;
  reasons: readonly RejectionReason[];
  note?: string | undefined;
  link: string;
  locale?: string | null;
}): RenderedEmail {
  const l = mailLanguage(input.locale);
  const { productName } = input;
  const paragraphs = [
    greeting(input.name, l),
    l.t('profileRejected.intro', { productName }),
    ...input.reasons.map((reason) => `• ${l.t(`profileRejected.reason.${reason}`)}`),
    ...(input.note ? [l.t('profileRejected.note', { note: input.note })] : []),
    l.t('profileRejected.fix'),
  ];
  return {
    subject: l.t('profileRejected.subject', { productName }),
    text: `${paragraphs.join('\n\n')}\n\n${l.t('profileRejected.textLink')}\n${input.link}\n`,
    html: layout(productName, paragraphs, { label: l.t('profileRejected.button'), link: input.link }, l),
  };
}
