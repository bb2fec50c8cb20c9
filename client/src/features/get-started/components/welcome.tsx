import { LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useChosenPlan, planQuery } from '@/lib/chosen-plan';
import { TIMING } from '#shared/constants.ts';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/**
 * /get-started/company: welcome, Join and Sign In cards, four steps, and a way back to the chooser. (A job seeker
 * goes straight to sign-up instead.)
 */
export function Welcome() {
  const { t } = useTranslation('get-started');
  const plan = useChosenPlan();
  const steps = t('steps.company', {
    returnObjects: true,
    hours: TIMING.activationHours,
  }) as Array<{ title: string; body: string }>;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900">{t('welcome.company')}</h1>
      <p className="mt-3 text-slate-700">{t('welcome.companyIntro')}</p>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Card className="flex flex-col p-6">
          <UserPlus aria-hidden="true" className="h-8 w-8 text-brand-700" />
          <h2 className="mt-3 text-xl font-semibold text-slate-900">{t('join.title')}</h2>
          <p className="mt-2 flex-1 text-slate-700">{t('join.companyBody')}</p>
          <Link href={`/signup?type=company${planQuery(plan, '&')}`} className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
            {t('join.companyCta')}
          </Link>
          {/* Some companies want to talk first: a second choice, not the way in. */}
          <Link href={`/contact-sales${planQuery(plan)}`} className={buttonClasses({ variant: 'outline', size: 'lg', className: 'mt-3' })}>
            {t('join.talkToSales')}
          </Link>
        </Card>
        <Card className="flex flex-col p-6">
          <LogIn aria-hidden="true" className="h-8 w-8 text-brand-700" />
          <h2 className="mt-3 text-xl font-semibold text-slate-900">{t('signIn.title')}</h2>
          <p className="mt-2 flex-1 text-slate-700">{t('signIn.body')}</p>
          <Link href="/login?type=company" className={buttonClasses({ size: 'lg', variant: 'outline', className: 'mt-6' })}>
            {t('signIn.cta')}
          </Link>
        </Card>
      </div>

      <div className="mt-10 rounded-2xl bg-sand-50 p-6">
        <h2 className="text-xl font-semibold text-slate-900">{t('steps.heading')}</h2>
        <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">{index + 1}</span>
              <div>
                <p className="font-semibold text-slate-900">{step.title}</p>
                <p className="mt-1 text-sm text-slate-700">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>

      <Link href="/get-started" className={buttonClasses({ variant: 'ghost', className: 'mt-8' })}>
        {t('changeType')}
      </Link>
    </section>
  );
}
