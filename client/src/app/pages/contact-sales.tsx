import { useState } from 'react';
import { ArrowLeft, CheckCircle2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useChosenPlan, planQuery } from '@/lib/chosen-plan';
import { TIMING } from '#shared/constants.ts';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SalesRequestForm } from '@/features/contact-sales/components/sales-request-form';
import { usePageTitle } from '@/hooks/use-page-title';

export default function ContactSalesPage() {
  const { t } = useTranslation('contact-sales');
  usePageTitle(t('title'));
  const [sent, setSent] = useState(false);
  const plan = useChosenPlan();
  const steps = t('done.steps', {
    returnObjects: true,
    hours: TIMING.salesResponseHours,
    activationHours: TIMING.activationHours,
  }) as string[];

  return (
    <PageShell>
      <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
        {sent ? (
          <Card className="p-6 text-center sm:p-8" role="status">
            <CheckCircle2 aria-hidden="true" className="mx-auto h-12 w-12 text-brand-700" />
            <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('done.heading')}</h1>
            <p className="mt-3 text-slate-700">{t('done.body')}</p>
            <ol className="mt-4 list-decimal space-y-2 ps-6 text-start text-slate-700">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
            <Link href="/" className={buttonClasses({ className: 'mt-8' })}>
              {t('done.home')}
            </Link>
          </Card>
        ) : (
          <>
            <Link href={`/get-started/company${planQuery(plan)}`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline underline-offset-2">
              <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
              {t('back')}
            </Link>
            <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('title')}</h1>
            <p className="mt-2 text-slate-700">{t('intro', { hours: TIMING.salesResponseHours })}</p>
            <Card className="mt-8 p-5 sm:p-6">
              {/* The plan is known once the page is hydrated: the form starts again with it. */}
              <SalesRequestForm key={plan ?? ''} plan={plan} onSent={() => setSent(true)} />
            </Card>
          </>
        )}
      </section>
    </PageShell>
  );
}
