import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PLAN_IDS, PLANS, planPeriodPriceFils, TIMING } from '#shared/constants.ts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckList } from '@/components/ui/check-list';
import { formatAmount, formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';

export function Pricing() {
  const { t } = useTranslation('landing');
  const features = t('pricing.features', { returnObjects: true }) as string[];
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="pricing-heading" className="text-3xl font-bold text-slate-900">
          {t('pricing.heading')}
        </h2>
        <p className="mt-3 max-w-2xl text-slate-700">{t('pricing.intro')}</p>
        {publicConfig.earlyAccessActive && (
          <p className="mt-2 font-medium text-brand-800">{t('pricing.seekersFree', { date: formatDate(publicConfig.earlyAccessEnd) })}</p>
        )}
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const best = id === 'annual';
            const name = t(`pricing.plans.${id}`);
            return (
              <Card key={id} tone={best ? 'featured' : 'plain'} className="flex flex-col p-6">
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
                  {best && (
                    <span className="rounded-full bg-brand-100 px-3 py-1 text-xs font-semibold text-brand-900">{t('pricing.bestValue')}</span>
                  )}
                </div>
                <p className="mt-4">
                  <span className="text-4xl font-extrabold text-slate-900">{formatAmount(plan.monthlyPriceFils)}</span>{' '}
                  <span className="text-slate-700">{t('pricing.perMonth')}</span>
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {plan.months === 1
                    ? t('pricing.billedMonthly')
                    : t('pricing.billed', { amount: formatAmount(planPeriodPriceFils(plan)), period: t(`pricing.periods.${id}`) })}
                </p>
                <CheckList className="mt-6 flex-1 text-sm" items={features} />
                <Link
                  href={`/signup?type=company&plan=${id}`}
                  className={buttonClasses({ variant: best ? 'primary' : 'outline', className: 'mt-6 w-full' })}
                >
                  {t('pricing.choose', { plan: name })}
                </Link>
              </Card>
            );
          })}
        </div>
        <p className="mt-6 text-sm text-slate-600">{t('pricing.payment', { hours: TIMING.activationHours })}</p>
      </div>
    </section>
  );
}
