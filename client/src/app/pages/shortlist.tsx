import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardGridSkeleton } from '@/components/ui/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import { formatDate } from '@/lib/format';
import { useShortlist } from '@/features/candidates/api/get-shortlist';
import { CandidateCard } from '@/features/candidates/components/candidate-card';
import { ltr, ltrValues } from '@/lib/ltr-values';

export default function ShortlistPage() {
  // With the options' texts: the cards show trades, languages and places once the shortlist has arrived. Asked for
  // only then, they hid the page already shown while they loaded.
  const { t } = useTranslation(['candidates', 'options']);
  usePageTitle(t('shortlist.title'));
  const shortlist = useShortlist();
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <Link href="/dashboard" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t('detail.back')}
        </Link>
        <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('shortlist.title')}</h1>
        <p className="mt-1 text-slate-700">{t('shortlist.intro')}</p>
        {shortlist.isPending && <CardGridSkeleton cards={3} />}
        {shortlist.isError && (
          <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{t('error')}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void shortlist.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {shortlist.data && shortlist.data.items.length === 0 && <p className="mt-8 rounded-xl bg-slate-50 p-6 text-center text-slate-700">{t('shortlist.empty')}</p>}
        <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shortlist.data?.items.map((entry) => (
            <div key={entry.id} className="flex flex-col gap-2">
              <CandidateCard candidate={entry} />
              <Card className="p-4 text-sm">
                <p className="text-slate-600">{t('shortlist.savedOn', { date: formatDate(entry.savedAt.slice(0, 10), 'short') })}</p>
                {entry.note && (
                  <p dir="auto" className="mt-1 whitespace-pre-line text-slate-800">
                    {entry.note}
                  </p>
                )}
                {entry.note && entry.noteBy && <p className="mt-1 text-xs text-slate-600">{ltrValues(t('shortlist.noteBy', { name: ltr(entry.noteBy) }))}</p>}
              </Card>
            </div>
          ))}
        </div>
      </section>
    </PageShell>
  );
}
