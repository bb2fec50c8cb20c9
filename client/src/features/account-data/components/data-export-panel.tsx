// "Download my data": a copy is prepared in the background (a minute or two; an e-mail says when it is ready), then
// offered here and by the e-mail's link for 24 hours. The company's owner can have the company's data the same way.
import { Download, FileArchive } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ExportScope } from '#shared/account-data.ts';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useExports } from '../api/list-exports';
import { useRequestExport } from '../api/request-export';
import { formatInstant, formatSize } from './format';

/** `inCompany`: the person's own copy, for a company's account, holds no profile. */
export function DataExportPanel({ scope, companyName, inCompany }: { scope: ExportScope; companyName?: string; inCompany?: boolean }) {
  const { t } = useTranslation('account-data');
  const exports = useExports();
  const request = useRequestExport();
  const latest = exports.data?.items.find((item) => item.scope === scope);
  const company = scope === 'company';
  const headingId = `export-${scope}`;

  const ask = () =>
    request.mutate(scope, {
      onSuccess: () => toast({ variant: 'success', title: t('export.requested') }),
      onError: (error) => toast({ variant: 'destructive', title: t('export.requestFailed'), description: errorMessage(error, t('export.requestFailed')) }),
    });
  const askButton = (
    <Button onClick={ask} disabled={request.isPending || exports.isLoading}>
      {request.isPending ? <Spinner /> : <FileArchive aria-hidden="true" className="h-4 w-4" />}
      {company ? t('export.requestCompany') : t('export.request')}
    </Button>
  );

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {company ? t('export.companyHeading') : t('export.heading')}
      </h3>
      <p className="text-sm text-slate-700">{company ? t('export.companyIntro', { company: companyName ?? '' }) : inCompany ? t('export.introTeam') : t('export.intro')}</p>
      {latest?.state === 'preparing' ? (
        <p role="status" className="flex items-start gap-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
          <Spinner className="mt-0.5 shrink-0 text-brand-700" />
          {t('export.preparing')}
        </p>
      ) : latest?.state === 'ready' && latest.downloadUrl ? (
        <div role="status" className="space-y-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-950">
          <p>{t('export.ready', { size: formatSize(latest.size ?? 0), date: formatInstant(latest.expiresAt!) })}</p>
          <a href={latest.downloadUrl} download className={buttonClasses()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('export.download')}
          </a>
        </div>
      ) : (
        <>
          {latest?.state === 'failed' && (
            <p role="alert" className="text-sm text-red-800">
              {t('export.failed')}
            </p>
          )}
          {latest?.state === 'expired' && <p className="text-sm text-slate-600">{t('export.expired')}</p>}
          {askButton}
        </>
      )}
    </section>
  );
}
