import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { chosenPlan } from '@/lib/chosen-plan';
import { TIMING } from '#shared/constants.ts';
import { PageShell } from '@/components/layout/page-shell';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/auth';
import { useCreateCompany } from '@/features/company/api/create-company';
import { OnboardingForm } from '@/features/company/components/onboarding-form';
import { ltr, ltrValues } from '@/lib/ltr-values';

export default function OnboardingPage() {
  const { t } = useTranslation('company');
  usePageTitle(t('onboarding.title'));
  const [, navigate] = useLocation();
  const search = useSearch();
  const { user } = useCurrentUser();
  const createCompany = useCreateCompany();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('onboarding.title')}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{t('onboarding.intro', { hours: TIMING.activationHours })}</p>
        <div className="mt-8">
          <OnboardingForm
            defaults={{ email: user?.email ?? '', contactPerson: name, subscriptionPlan: chosenPlan(search) ?? 'annual' }}
            pending={createCompany.isPending}
            onSubmit={(values) =>
              createCompany.mutateAsync(values, {
                onSuccess: ({ invoice }) => {
                  toast({ variant: 'success', title: t('onboarding.successTitle'), description: ltrValues(t('onboarding.success', { number: ltr(invoice.number) })) });
                  navigate('/pending');
                },
                onError: (error) =>
                  toast({ variant: 'destructive', title: t('onboarding.failedTitle'), description: errorMessage(error, t('onboarding.failed')) }),
              })
            }
          />
        </div>
      </section>
    </PageShell>
  );
}
