// What a company whose access ended sees instead of the database: renew (a new invoice), or pay the one it has on
// /account, where the renewal e-mail leads too.
import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import type { CompanyAccount } from '#shared/company.ts';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { publicConfig } from '@/lib/public-config';
import { useRequestRenewal } from '../api/request-renewal';
import { ltr, ltrValues } from '@/lib/ltr-values';

export function RenewalPanel({ account }: { account: CompanyAccount }) {
  const { t } = useTranslation('company');
  const renew = useRequestRenewal();
  const { company } = account;
  const unpaid = account.invoices.find((invoice) => invoice.status === 'issued');
  const suspended = company.subscriptionStatus === 'suspended';
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10">
      <Card className="p-6 sm:p-8">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
          <AlertTriangle aria-hidden="true" className="h-6 w-6 text-amber-600" />
          {suspended ? t('renewal.suspendedTitle') : t('renewal.expiredTitle')}
        </h1>
        <p className="mt-3 text-slate-700">
          {suspended
            ? ltrValues(t('renewal.suspended', { email: ltr(publicConfig.supportEmail) }))
            : t('renewal.expired', {
                plan: t(`plans.${company.subscriptionPlan}`),
                date: company.subscriptionEndDate ? formatDate(company.subscriptionEndDate.slice(0, 10)) : '',
              })}
        </p>
        {!suspended && unpaid && (
          <>
            <p className="mt-3 font-medium text-slate-900">{ltrValues(t('renewal.unpaid', { number: ltr(unpaid.number) }))}</p>
            <Link href="/account" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
              {t('account.howToPay')}
            </Link>
          </>
        )}
        {!suspended && !account.billing && <p className="mt-3 font-medium text-slate-900">{t('renewal.askOwner')}</p>}
        {!suspended && !unpaid && account.billing && (
          <Button
            size="lg"
            className="mt-6"
            disabled={renew.isPending}
            onClick={() =>
              renew.mutate(undefined, {
                onError: (error) => toast({ variant: 'destructive', title: t('renewal.failedTitle'), description: errorMessage(error, t('renewal.failed')) }),
              })
            }
          >
            {renew.isPending && <Spinner />}
            {renew.isPending ? t('renewal.renewing') : t('renewal.renew')}
          </Button>
        )}
      </Card>
    </section>
  );
}
