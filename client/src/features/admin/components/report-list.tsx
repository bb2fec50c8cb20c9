// Reports by job seekers about companies: the open ones oldest first (answer them in turn), each leading to its page.
import { useState } from 'react';
import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useReportList } from '../api/list-reports';
import { FilterTabs, PagedList, when } from './paged-list';

export function ReportList() {
  const { t, i18n } = useTranslation('admin');
  const [answered, setAnswered] = useState<'false' | 'true'>('false');
  const query = useReportList({ answered });
  return (
    <>
      <FilterTabs
        label={t('reports.filter')}
        value={answered}
        onChange={setAnswered}
        options={[
          { value: 'false', label: t('reports.open') },
          { value: 'true', label: t('reports.answered') },
        ]}
      />
      <PagedList query={query} empty={t('reports.empty')}>
        {(items) => (
          <ul className="space-y-3">
            {items.map((report) => (
              <li key={report.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link href={`/admin/reports/${report.id}`} className="flex items-center gap-2 font-semibold text-brand-800 underline underline-offset-2">
                      <Flag aria-hidden="true" className="h-4 w-4 shrink-0" />
                      <span className="break-words">{report.company.companyName}</span>
                    </Link>
                    <p className="text-sm text-slate-700">
                      {t(`reports.reason.${report.reason}`)} · {t('reports.by', { who: report.reporter.name ?? report.reporter.email ?? '—' })}
                    </p>
                  </div>
                  <p className="text-sm text-slate-600">{when(report.createdAt, i18n.language)}</p>
                </div>
                <p dir="auto" className="mt-2 line-clamp-3 whitespace-pre-line text-sm text-slate-800">{report.details}</p>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
