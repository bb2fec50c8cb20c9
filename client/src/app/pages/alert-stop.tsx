// The link of a saved search's alert e-mail: stops those e-mails at once, whoever is signed in (or nobody).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStopAlert } from '@/features/candidates/api/stop-alert';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';

export default function AlertStopPage() {
  const { t } = useTranslation('candidates');
  usePageTitle(t('alertStop.title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const stop = useStopAlert();
  const { mutate } = stop;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('alertStop.title')}</h1>
        {stop.isSuccess ? (
          <div role="status" className="mt-4 space-y-3 text-slate-800">
            <p>{t('alertStop.stopped', { name: stop.data.name })}</p>
            <p className="text-slate-700">{t('alertStop.again')}</p>
            <Link href="/dashboard" className={buttonClasses({ className: 'mt-3' })}>
              {t('alertStop.open')}
            </Link>
          </div>
        ) : stop.isError ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(stop.error, t('alertStop.failed'))}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => mutate(token)}>
              {t('alertStop.retry')}
            </Button>
          </div>
        ) : (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" />
            {t('alertStop.stopping')}
          </p>
        )}
      </section>
    </PageShell>
  );
}
