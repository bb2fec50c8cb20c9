// The plan on /account: which one, its dates, and the next period's invoice, for the same plan or another, with how
// to pay it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PLAN_IDS, PLANS, planPeriodPriceFils, type PlanId } from '#shared/constants.ts';
import type { CompanyAccount } from '#shared/company.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatAmount, formatDate } from '@/lib/format';
import { useRequestRenewal } from '../api/request-renewal';
import { RenewalPayment } from './renewal-payment';
import { ltr, ltrValues } from '@/lib/ltr-values';

export function PlanAndRenewal({ account }: { account: CompanyAccount }) {
  const { t } = useTranslation('company');
  const { company } = account;
  const [plan, setPlan] = useState<PlanId>(company.subscriptionPlan);
  const renew = useRequestRenewal();
  const unpaid = account.invoices.find((invoice) => invoice.status === 'issued');
  const paidOnce = company.paymentVerifiedAt !== null;
  const renewing = paidOnce && company.subscriptionStatus !== 'suspended';
  const canRenew = renewing && !unpaid;
  // The team must fit the next plan: the server refuses a smaller one, so the form says what to do first.
  const tooMany = account.team.used - account.team.seats[plan];
  return (
    <div className="space-y-4">
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-600">{t('account.plan')}</dt>
          <dd className="font-semibold text-slate-900">{t(`plans.${company.subscriptionPlan}`)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('account.status')}</dt>
          <dd className="font-semibold text-slate-900">{t(`account.statusValue.${company.subscriptionStatus}`)}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">{t('account.period')}</dt>
          <dd className="font-semibold text-slate-900">
            {company.subscriptionStartDate && company.subscriptionEndDate
              ? `${formatDate(company.subscriptionStartDate, 'short')} – ${formatDate(company.subscriptionEndDate, 'short')}`
              : '—'}
          </dd>
        </div>
      </dl>
      {unpaid && renewing ? (
        <RenewalPayment company={company} invoice={unpaid} />
      ) : unpaid ? (
        // The first invoice is paid on /pending; a renewal of a paused company cannot be verified until it is resumed.
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {ltrValues(t(paidOnce ? 'renewal.unpaid' : 'account.firstUnpaid', { number: ltr(unpaid.number) }))}{' '}
          <Link href={paidOnce ? `/invoices/${unpaid.id}` : '/pending'} className="font-semibold underline underline-offset-2">
            {paidOnce ? ltrValues(t('payment.viewInvoice', { number: ltr(unpaid.number) })) : t('account.howToPay')}
          </Link>
        </p>
      ) : (
        canRenew && (
          <div className="flex flex-wrap items-end gap-3">
            {/* A phone gives the select the whole width: an option's text may be longer than the screen. */}
            <div className="w-full sm:w-auto">
              <Field id="renewal-plan" label={t('account.nextPlan')}>
                {(ids) => (
                  <Select {...ids} value={plan} onChange={(event) => setPlan(event.currentTarget.value as PlanId)} className="sm:w-auto">
                    {PLAN_IDS.map((id) => (
                      <option key={id} value={id}>
                        {t('account.planOption', { plan: t(`plans.${id}`), amount: formatAmount(planPeriodPriceFils(PLANS[id])) })}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Button
              disabled={renew.isPending || tooMany > 0}
              aria-describedby={tooMany > 0 ? 'renewal-team-too-large' : undefined}
              onClick={() =>
                renew.mutate(plan, {
                  onSuccess: ({ invoice }) => toast({ variant: 'success', title: ltrValues(t('account.renewed', { number: ltr(invoice.number) })) }),
                  onError: (error) => toast({ variant: 'destructive', title: t('renewal.failedTitle'), description: errorMessage(error, t('renewal.failed')) }),
                })
              }
            >
              {renew.isPending && <Spinner />}
              {renew.isPending ? t('renewal.renewing') : t('account.renew')}
            </Button>
            {tooMany > 0 && (
              <p id="renewal-team-too-large" role="status" className="w-full rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {t('account.teamTooLarge', { count: tooMany, plan: t(`plans.${plan}`), seats: account.team.seats[plan], used: account.team.used })}{' '}
                <a href="#account-team" className="font-semibold underline underline-offset-2">
                  {t('account.team')}
                </a>
              </p>
            )}
          </div>
        )
      )}
      {!unpaid && !canRenew && company.subscriptionStatus === 'pending_payment' && (
        <Link href="/pending" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {t('account.howToPay')}
        </Link>
      )}
    </div>
  );
}
