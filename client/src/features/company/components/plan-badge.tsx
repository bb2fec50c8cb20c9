import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CompanyView } from '#shared/company.ts';
import { formatDate } from '@/lib/format';

/** The 'Active Plan' badge of the database header: plan and end date. */
export function PlanBadge({ company }: { company: CompanyView }) {
  const { t } = useTranslation('company');
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 rounded-full bg-brand-50 px-3 py-1 text-xs text-brand-900 sm:py-1.5 sm:text-sm">
      <BadgeCheck aria-hidden="true" className="h-4 w-4" />
      <span className="font-semibold">{t('plan.badge')}</span>
      {company.subscriptionEndDate && (
        <span>{t('plan.until', { plan: t(`plans.${company.subscriptionPlan}`), date: formatDate(company.subscriptionEndDate.slice(0, 10), 'short') })}</span>
      )}
    </span>
  );
}
