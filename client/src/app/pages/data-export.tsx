// The link of the "your data is ready" e-mail: what the file is and until when it can be downloaded; works signed
// in or not (the link itself is the key).
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/auth';
import { useExportLink } from '@/features/account-data/api/get-export-link';
import { formatInstant, formatSize } from '@/features/account-data/components/format';

export default function DataExportPage() {
  const { t } = useTranslation('account-data');
  usePageTitle(t('link.title'));
  const params = new URLSearchParams(useSearch());
  const id = params.get('id') ?? '';
  const query = new URLSearchParams({ expires: params.get('expires') ?? '', signature: params.get('signature') ?? '' }).toString();
  const link = useExportLink(id, query);
  const { user } = useCurrentUser();
  const home = user?.role === 'company' ? '/account' : '/profile';
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('link.title')}</h1>
        {link.data ? (
          <div role="status" className="mt-4 space-y-4 text-slate-800">
            <p>
              {t(link.data.scope === 'company' ? 'link.readyCompany' : 'link.ready', {
                size: formatSize(link.data.size),
                date: formatInstant(link.data.expiresAt),
              })}
            </p>
            <a href={link.data.downloadUrl} download className={buttonClasses()}>
              <Download aria-hidden="true" className="h-4 w-4" />
              {t('link.download')}
            </a>
          </div>
        ) : link.isError ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(link.error, t('link.failed'))}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => void link.refetch()}>
                {t('link.retry')}
              </Button>
              <Link href={user ? home : '/login'} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {t('link.newCopy')}
              </Link>
            </div>
          </div>
        ) : (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" />
            {t('link.working')}
          </p>
        )}
      </section>
    </PageShell>
  );
}
