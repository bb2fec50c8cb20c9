// E-mails to job seekers about the review of their profile.
import { greeting, layout, type RenderedEmail } from './templates.ts';

export function profileApprovedTemplate(input: { productName: string; name: string; link: string }): RenderedEmail {
  const paragraphs = [
    greeting(input.name),
    `Good news: our team has reviewed and approved your ${input.productName} profile.`,
    'Verified companies can now find your profile, watch your introduction video and contact you by e-mail or WhatsApp. Keep your phone number and CV up to date.',
  ];
  return {
    subject: `Your ${input.productName} profile is approved`,
    text: `${paragraphs.join('\n\n')}\n\nSee your profile:\n${input.link}\n`,
    html: layout(input.productName, paragraphs, { label: 'See your profile', link: input.link }),
  };
}

export function profileRejectedTemplate(input: { productName: string; name: string; reason: string; link: string }): RenderedEmail {
  const paragraphs = [
    greeting(input.name),
    `Our team has reviewed your ${input.productName} profile and cannot approve it yet. The reason:`,
    input.reason,
    'Please edit your profile to fix this. When you save it, it comes back to us for review.',
  ];
  return {
    subject: `Your ${input.productName} profile needs changes`,
    text: `${paragraphs.join('\n\n')}\n\nEdit your profile:\n${input.link}\n`,
    html: layout(input.productName, paragraphs, { label: 'Edit your profile', link: input.link }),
  };
}
