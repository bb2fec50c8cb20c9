// Beside a button whose action agrees to the privacy policy and terms in force (creating a profile, setting up a
// company, joining a team): the sentence says so, and its links open in a new tab so the form is not lost.
import { Trans, useTranslation } from 'react-i18next';
import { clsx } from 'clsx';

const link = (href: string) => <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-800 underline underline-offset-2" />;

/** `text` names the sentence in the catalogue; it holds <privacy>…</privacy> and <terms>…</terms>. */
export function ConsentNotice({ namespace, text, className }: { namespace: string; text: string; className?: string }) {
  const { t } = useTranslation(namespace);
  return (
    <p className={clsx('text-sm text-slate-700', className)}>
      <Trans t={t} i18nKey={text} components={{ privacy: link('/privacy-policy'), terms: link('/terms-of-service') }} />
    </p>
  );
}
