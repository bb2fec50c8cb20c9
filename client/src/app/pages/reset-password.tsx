import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Card } from '@/components/ui/card';
import { useResetPassword } from '@/features/auth/api/reset-password';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { toast } from '@/hooks/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';

/** Opened from the e-mailed link, whoever is signed in here (App shows it before the role choice). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('reset.title'));
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();

  const onSubmit = (password: string) =>
    reset.mutateAsync(
      { token, password },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: t('reset.success'), description: t('reset.successBody') });
          navigate('/login');
        },
        onError: (error) => toast({ variant: 'destructive', title: t('reset.failed'), description: errorMessage(error, t('reset.failed')) }),
      },
    );

  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('reset.heading')}</h1>
        {token ? (
          <Card className="mt-6 p-5 sm:p-6">
            <NewPasswordForm submitLabel={t('reset.submit')} submittingLabel={t('reset.submitting')} pending={reset.isPending} onSubmit={onSubmit} />
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
