import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** The employer's verified mark (a licence our team checked, still running), or nothing. */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('trust');
  if (!verified) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
      <BadgeCheck aria-hidden="true" className="h-4 w-4" />
      {t('verified')}
    </span>
  );
}
