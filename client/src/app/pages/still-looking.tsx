// The link of the "still looking?" e-mail: one click, no sign-in.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmStillLookingByLink } from '@/features/profile/api/confirm-by-link';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';

export default function StillLookingPage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('looking.heading'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmStillLookingByLink();
  const { mutate } = confirm;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('looking.heading')}</h1>
        {confirm.isSuccess ? (
          <div role="status" className="mt-4 space-y-4 text-slate-800">
            <p>{t('looking.linkDone', { name: confirm.data.fullName })}</p>
            <Link href="/profile" className={buttonClasses()}>
              {t('looking.linkProfile')}
            </Link>
          </div>
        ) : confirm.isError ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(confirm.error, t('looking.failed'))}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => mutate(token)}>
                {t('looking.linkRetry')}
              </Button>
              <Link href="/profile" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {t('looking.linkProfile')}
              </Link>
            </div>
          </div>
        ) : (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" />
            {t('looking.linkWorking')}
          </p>
        )}
      </section>
    </PageShell>
  );
}
