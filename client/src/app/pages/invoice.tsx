import { ArrowLeft, Printer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { LoadingScreen } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { ApiError } from '@/lib/api-client';
import { useInvoice } from '@/features/company/api/get-invoice';
import { InvoiceDocument } from '@/features/company/components/invoice-document';

export default function InvoicePage() {
  const { t } = useTranslation('company');
  const { id = '' } = useParams<{ id: string }>();
  const { data: invoice, isLoading, error, refetch } = useInvoice(id);
  usePageTitle(invoice ? t('invoice.pageTitle', { number: invoice.number }) : t('invoice.title'));
  if (isLoading) return <LoadingScreen />;
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12 print:max-w-none print:p-0">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
          <Link href="/" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
            {t('invoice.back')}
          </Link>
          {invoice && (
            <Button size="sm" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="h-4 w-4" />
              {t('invoice.print')}
            </Button>
          )}
        </div>
        {invoice && <InvoiceDocument invoice={invoice} />}
        {!invoice && (
          <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-center">
            <p>{error instanceof ApiError && error.status === 404 ? t('invoice.notFound') : t('invoice.loadFailed')}</p>
            {!(error instanceof ApiError && error.status === 404) && (
              <Button className="mt-4" onClick={() => void refetch()}>
                {t('invoice.retry')}
              </Button>
            )}
          </div>
        )}
      </section>
    </PageShell>
  );
}
