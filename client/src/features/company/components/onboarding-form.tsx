// Company onboarding: who the company is and which plan it pays for by bank transfer.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ConsentNotice } from '@/components/legal/consent-notice';
import { PLAN_IDS, PLANS, planPeriodPriceFils } from '#shared/constants.ts';
import { companyOnboardingSchema, type CompanyOnboarding, type CompanyOnboardingInput } from '#shared/company.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CompanyContactFields } from './company-contact-fields';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { translateValidation } from '@/lib/validation-message';
import { formatAmount } from '@/lib/format';

interface Props {
  defaults: Partial<CompanyOnboardingInput>;
  pending: boolean;
  /** Sends the company; settles once the server has answered. */
  onSubmit: (values: CompanyOnboarding) => Promise<unknown>;
}

export function OnboardingForm({ defaults, pending, onSubmit }: Props) {
  const { t } = useTranslation('company');
  const form = useForm<CompanyOnboardingInput, unknown, CompanyOnboarding>({
    resolver: zodResolver(companyOnboardingSchema),
    defaultValues: { companyName: '', contactPerson: '', phone: '', email: '', subscriptionPlan: 'annual', ...defaults },
  });
  const { errors } = form.formState;
  const sendOnce = useSendOnce();
  const message = (m?: string) => translateValidation(t, m);

  return (
    <form onSubmit={(event) => void form.handleSubmit((values) => sendOnce(() => onSubmit(values)))(event)} noValidate className="space-y-6">
      <Card className="space-y-5 p-5 sm:p-6">
        <div className="grid gap-5 sm:grid-cols-2">
          <CompanyContactFields register={(name) => form.register(name)} errors={errors} />
        </div>
      </Card>

      <fieldset>
        <legend className="text-lg font-semibold text-slate-900">{t('onboarding.plan')}</legend>
        <div className="mt-3 grid gap-4 md:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            return (
              <label
                key={id}
                className="flex cursor-pointer flex-col rounded-2xl border-2 border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-slate-300 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
              >
                <span className="flex items-center gap-3">
                  <input type="radio" value={id} className="h-5 w-5 accent-brand-700" {...form.register('subscriptionPlan')} />
                  <span className="text-base font-semibold text-slate-900">{t(`plans.${id}`)}</span>
                </span>
                <span className="mt-3 text-2xl font-extrabold text-slate-900">
                  {t('onboarding.perMonth', { amount: formatAmount(plan.monthlyPriceFils) })}
                </span>
                <span className="mt-1 text-sm text-slate-700">
                  {plan.months === 1
                    ? t('onboarding.billedMonthly')
                    : t('onboarding.billedEvery', { amount: formatAmount(planPeriodPriceFils(plan)), count: plan.months })}
                </span>
              </label>
            );
          })}
        </div>
        {errors.subscriptionPlan && <p role="alert" className="mt-2 text-sm font-medium text-red-700">{message(errors.subscriptionPlan.message)}</p>}
        <p className="mt-3 text-sm text-slate-600">{t('onboarding.vatNote')}</p>
      </fieldset>

      <ConsentNotice namespace="company" text="onboarding.consent" />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
        {pending && <Spinner />}
        {pending ? t('onboarding.submitting') : t('onboarding.submit')}
      </Button>
    </form>
  );
}
