import type { ReactNode } from 'react';
import { Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TIMING } from '#shared/constants.ts';
import { Card } from '@/components/ui/card';
import { SupportEmailLine } from '@/components/ui/support-email';
import { formatDateTime } from '@/lib/format';

/** The pending screen, for a company or a candidate waiting for activation. */
export function PendingActivation({
  userType,
  submittedAt,
  children,
}: {
  userType: 'company' | 'candidate';
  submittedAt?: string;
  /** Actions below the text (e.g. a link to the profile). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('pending');
  const company = userType === 'company';
  const when = submittedAt ? formatDateTime(submittedAt) : undefined;
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <span className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {t('badge')}
        </span>
        <h1 className="mt-4 text-2xl font-bold text-slate-900 sm:text-3xl">{company ? t('titleCompany') : t('titleCandidate')}</h1>
        <p className="mt-3 text-slate-700">{company ? t('introCompany') : t('introCandidate')}</p>
        <p className="mt-3 text-slate-700">{t('period', { hours: TIMING.activationHours })}</p>
        {when && <p className="mt-2 text-sm text-slate-600">{t('submitted', { when })}</p>}
        <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('nextHeading')}</h2>
        <ul className="mt-3 list-disc space-y-2 ps-5 text-slate-700">
          <li>{t('nextEmail')}</li>
          <li>{company ? t('nextCompany') : t('nextCandidate')}</li>
        </ul>
        <SupportEmailLine>{t('support')}</SupportEmailLine>
        {children}
      </Card>
    </section>
  );
}
