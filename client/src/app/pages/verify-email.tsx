import { useEffect, useRef } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useVerifyEmail } from '@/features/auth/api/verify-email';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/api-client';

export default function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  usePageTitle(t('verify.title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const verify = useVerifyEmail();
  const sent = useRef<string | null>(null);

  useEffect(() => {
    // A link works once: send it once, even when React runs effects twice in development.
    if (sent.current === token) return;
    sent.current = token;
    verify.mutate(token);
  }, [token, verify]);

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
