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
import { SignUpPasswordForm } from '@/features/auth/components/sign-up-password-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { lastPage } from '@/lib/last-page';
import { ltr, ltrValues } from '@/lib/ltr-values';

/**
 * Opened from the e-mailed link, whoever is signed in here (App shows it before the role choice). In the browser
 * that signed up it confirms at once and leads back to where the person was. Elsewhere, when the account's password
 * was chosen before the address was proven, it confirms together with that password or a new one
 * (docs/decisions/0016); the server then signs this page in to the account.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useCurrentUser();
  const open = useVerifyEmail();
  const withPassword = useVerifyEmail();
  const withNewPassword = useVerifyEmail();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // A link works once: send it once, even when the effect runs again for a new `open`.
    if (sent.current === token) return;
    sent.current = token;
    open.mutate({ token });
  }, [token, open]);

  const asked = open.data?.verified === false ? open.data : undefined;
  const done = [withPassword, withNewPassword].find((m) => m.isSuccess);
  // A wrong sign-up password is said beside its field; the page stays.
  const wrongPassword = withPassword.error instanceof ApiError && withPassword.error.code === 'auth.verify_wrong_password';
  const failed = asked ? [withPassword, withNewPassword].find((m) => m.isError && !(m === withPassword && wrongPassword)) : undefined;
  // What the page shows: the opening, or the confirmation with a password once one was asked for.
  const verify = asked ? (done ?? failed ?? open) : open;

  if (asked && !done && !failed) {
    return (
      <PageShell showAccountActions={false} footer={false}>
        <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
          <h1 className="text-2xl font-bold text-slate-900">{t('verify.elsewhereTitle')}</h1>
          <p className="mt-2 text-slate-700">{ltrValues(t('verify.elsewhereBody', { email: ltr(asked.email ?? '') }))}</p>
          <Card className="mt-6 p-5 sm:p-6" role="region" aria-labelledby="verify-sign-in">
            <h2 id="verify-sign-in" className="mb-4 font-semibold text-slate-900">
              {t('verify.signInHeading')}
            </h2>
            <SignUpPasswordForm
              pending={withPassword.isPending}
              error={wrongPassword ? errorMessage(withPassword.error, t('verify.failed')) : undefined}
              onSubmit={(currentPassword) => withPassword.mutateAsync({ token, currentPassword })}
            />
          </Card>
          <Card className="mt-6 p-5 sm:p-6" role="region" aria-labelledby="verify-new-password">
            <h2 id="verify-new-password" className="font-semibold text-slate-900">
              {t('verify.newPasswordHeading')}
            </h2>
            <p className="mb-4 mt-1 text-sm text-slate-700">{t('verify.newPasswordBody')}</p>
            <NewPasswordForm
              submitLabel={t('verify.submit')}
              submittingLabel={t('verify.submitting')}
              pending={withNewPassword.isPending}
              onSubmit={(password) => withNewPassword.mutateAsync({ token, password })}
            />
          </Card>
        </section>
      </PageShell>
    );
  }

  // Back to where the person was in this browser (the page they signed up from), else their home.
  const next = (user && lastPage(user.id)) ?? '/';
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
            <Spinner size="lg" className="text-brand-700" />
            <p className="mt-4 text-slate-700">{t('verify.working')}</p>
          </>
        )}
        {!verify.isPending && (
          <Link href={next} className={buttonClasses({ className: 'mt-8' })}>
            {t('verify.continue')}
          </Link>
        )}
      </section>
    </PageShell>
  );
}
