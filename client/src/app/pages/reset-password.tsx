import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, resetPasswordSchema } from '#shared/auth.ts';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { PasswordField } from '@/features/auth/components/password-field';
import { toast } from '@/hooks/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { translateValidation } from '@/lib/validation-message';

const MISMATCH = 'The passwords do not match';
const formSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: MISMATCH });

export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm<z.input<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('reset.success'), description: t('reset.successBody') });
          navigate('/login');
        },
        onError: (error) => toast({ variant: 'destructive', title: t('reset.failed'), description: errorMessage(error, t('reset.failed')) }),
      },
    ),
  );

  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('reset.heading')}</h1>
        {token ? (
          <Card className="mt-6 p-5 sm:p-6">
            <form onSubmit={onSubmit} noValidate className="space-y-5">
              <PasswordField
                label={t('fields.newPassword')}
                hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
                error={translateValidation(t, errors.password?.message)}
                autoComplete="new-password"
                registration={form.register('password')}
              />
              <PasswordField
                label={t('fields.confirmPassword')}
                error={errors.confirmPassword?.message === MISMATCH ? t('reset.mismatch') : translateValidation(t, errors.confirmPassword?.message)}
                autoComplete="new-password"
                registration={form.register('confirmPassword')}
              />
              <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
                {reset.isPending && <Spinner />}
                {reset.isPending ? t('reset.submitting') : t('reset.submit')}
              </Button>
            </form>
          </Card>
        ) : (
          <div role="alert" className="mt-4 space-y-4">
            <p className="text-slate-700">{t('reset.missingToken')}</p>
            <Link href="/forgot-password" className="font-medium text-brand-800 underline underline-offset-2">
              {t('reset.askAgain')}
            </Link>
          </div>
        )}
      </section>
    </PageShell>
  );
}
