// Beside the button that creates the profile: creating it agrees to the privacy policy and terms in force, which
// open in a new tab so the form is not lost.
import { Trans, useTranslation } from 'react-i18next';

const link = (href: string) => <a href={href} target="_blank" rel="noopener" className="font-medium text-brand-800 underline underline-offset-2" />;

export function ConsentNotice() {
  const { t } = useTranslation('profile');
  return (
    <p className="text-sm text-slate-700">
      <Trans t={t} i18nKey="create.consent" components={{ privacy: link('/privacy-policy'), terms: link('/terms-of-service') }} />
    </p>
  );
}
