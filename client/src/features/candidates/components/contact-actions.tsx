// Contact by e-mail (mailto with a subject naming the company) and by WhatsApp (wa.me with a greeting); each use is
// recorded for the candidate_events log, and the link opens whether or not that succeeds. Both messages end with
// the company's public page, so the job seeker can check that the message comes from a real employer.
import { Mail, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { whatsappLink, type CandidateDetail } from '#shared/candidates.ts';
import { buttonClasses } from '@/components/ui/button';
import { publicConfig } from '@/lib/public-config';
import { useRecordContact } from '../api/record-contact';

// The texts put the values they name (the person's name, the company's, the link) in Unicode's direction isolates in
// a right-to-left language, for the page. A message sent out is plain text: the isolate after the link was read as
// part of it by phones' link finders (Android's takes any character from U+00A0 on), which then opened a page that
// does not exist.
const plainText = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

export function contactLinks(
  candidate: Pick<CandidateDetail, 'fullName' | 'email' | 'phone'>,
  company: { companyName: string; slug: string | null },
  t: (key: string, values?: Record<string, string>) => string,
) {
  const values = { name: candidate.fullName, company: company.companyName, product: publicConfig.productName };
  const text = (key: string, more?: Record<string, string>) => plainText(t(key, { ...values, ...more }));
  const check = company.slug ? text('contact.checkEmployer', { link: `${window.location.origin}/employers/${company.slug}` }) : null;
  const subject = text('contact.emailSubject');
  const body = [text('contact.emailBody'), check].filter(Boolean).join('\n\n');
  return {
    mailto: candidate.email ? `mailto:${candidate.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` : null,
    whatsapp: whatsappLink(candidate.phone, [text('contact.whatsappText'), check].filter(Boolean).join('\n\n')),
  };
}

export function ContactActions({ candidate, company }: { candidate: CandidateDetail; company: { companyName: string; slug: string | null } }) {
  const { t } = useTranslation('candidates');
  const record = useRecordContact();
  const links = contactLinks(candidate, company, t);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {links.mailto && (
        <a href={links.mailto} className={buttonClasses({ size: 'lg' })} onClick={() => record.mutate({ id: candidate.id, channel: 'email' })}>
          <Mail aria-hidden="true" className="h-5 w-5" />
          {t('contact.email')}
        </a>
      )}
      <a
        href={links.whatsapp}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClasses({ size: 'lg', variant: 'outline' })}
        onClick={() => record.mutate({ id: candidate.id, channel: 'whatsapp' })}
      >
        <MessageCircle aria-hidden="true" className="h-5 w-5" />
        {t('contact.whatsapp')}
      </a>
    </div>
  );
}
