import { useEffect, useRef } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { ltr, ltrValues } from '@/lib/ltr-values';

/**
 * Opened from the e-mailed link, whoever is signed in here (App shows it before the role choice). When the account's
 * password was chosen before the address was proven, the link confirms only together with a new password
 * (docs/decisions/0016); the server then signs this page in to the account. Continue goes on to the next step.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const open = useVerifyEmail();
  const confirm = useVerifyEmail();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // A link works once: send it once, even when React runs effects twice in development.
    if (sent.current === token) return;
    sent.current = token;
    open.mutate({ token });
  }, [token, open]);

  const asked = open.data?.verified === false ? open.data : undefined;
  // What the page shows: the opening, or the confirmation with a password once one was asked for.
  const verify = asked ? confirm : open;
  const choosingPassword = asked && !confirm.isSuccess && !confirm.isError;

  if (choosingPassword) {
    return (
      <PageShell showAccountActions={false} footer={false}>
        <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
          <h1 className="text-2xl font-bold text-slate-900">{t('verify.choosePassword')}</h1>
          <p className="mt-2 text-slate-700">{ltrValues(t('verify.choosePasswordBody', { email: ltr(asked.email ?? '') }))}</p>
          <Card className="mt-6 p-5 sm:p-6">
            <NewPasswordForm
              submitLabel={t('verify.submit')}
              submittingLabel={t('verify.submitting')}
              pending={confirm.isPending}
              onSubmit={(password) => confirm.mutate({ token, password })}
            />
          </Card>
        </section>
      </PageShell>
    );
  }

  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 text-center" aria-live="polite">
        <h1 className="sr-only">{t('verify.title')}</h1>
        {verify.isSuccess ? (
          <>
            <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-brand-700" />
            <p className="mt-4 text-lg font-semibold text-slate-900">{t('verify.success')}</p>
          </>
        ) : verify.isError ? (
          <>
            <XCircle aria-hidden="true" className="h-12 w-12 text-red-700" />
            <p className="mt-4 text-lg font-semibold text-slate-900">{t('verify.failed')}</p>
            <p className="mt-2 text-slate-700">{errorMessage(verify.error, t('verify.failed'))}</p>
          </>
        ) : (
          <>
            <Spinner className="h-8 w-8 text-brand-700" />
            <p className="mt-4 text-slate-700">{t('verify.working')}</p>
          </>
        )}
        {!verify.isPending && (
          <Link href="/" className={buttonClasses({ className: 'mt-8' })}>
            {t('verify.continue')}
          </Link>
        )}
      </section>
    </PageShell>
  );
}
