import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { forgotPasswordSchema } from '#shared/auth.ts';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { SubmitButton } from '@/features/auth/components/submit-button';
import { toast } from '@/hooks/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { ltr, ltrValues } from '@/lib/ltr-values';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('forgot.title'));
  const request = useForgotPassword();
  const form = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = form.handleSubmit(({ email }) =>
    request.mutate(email, {
      onError: (error) => toast({ variant: 'destructive', title: t('forgot.failed'), description: errorMessage(error, t('forgot.failed')) }),
    }),
  );

  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        {request.isSuccess ? (
          <div role="status">
            <h1 className="text-2xl font-bold text-slate-900">{t('forgot.sentHeading')}</h1>
            <p className="mt-3 text-slate-700">{ltrValues(t('forgot.sentBody', { email: ltr(request.variables ?? '') }))}</p>
            <Link href="/login" className={buttonClasses({ className: 'mt-6' })}>
              {t('forgot.backToSignIn')}
            </Link>
          </div>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">{t('forgot.heading')}</h1>
            <p className="mt-2 text-slate-700">{t('forgot.body')}</p>
            <Card className="mt-6 p-5 sm:p-6">
              <form onSubmit={onSubmit} noValidate className="space-y-5">
                <Field id="forgot-password-email" label={t('fields.email')} error={translateValidation(t, form.formState.errors.email?.message)}>
                  {(ids) => <Input {...ids} type="email" autoComplete="email" inputMode="email" {...form.register('email')} />}
                </Field>
                <SubmitButton pending={request.isPending} label={t('forgot.submit')} pendingLabel={t('forgot.submitting')} />
              </form>
            </Card>
            <Link href="/login" className="mt-6 inline-block text-sm font-medium text-brand-800 underline underline-offset-2">
              {t('forgot.backToSignIn')}
            </Link>
          </>
        )}
      </section>
    </PageShell>
  );
}
