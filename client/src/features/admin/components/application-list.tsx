import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useApplicationList } from '../api/list-applications';
import { useMarkApplicationReviewed } from '../api/mark-application-reviewed';
import { FilterTabs, PagedList, when } from './paged-list';

export function ApplicationList() {
  const { t, i18n } = useTranslation('admin');
  const [reviewed, setReviewed] = useState<'' | 'false' | 'true'>('false');
  const query = useApplicationList({ reviewed: reviewed || undefined });
  const mark = useMarkApplicationReviewed();
  return (
    <>
      <FilterTabs
        label={t('applications.filter')}
        value={reviewed}
        onChange={setReviewed}
        options={[
          { value: 'false', label: t('applications.unreviewed') },
          { value: 'true', label: t('applications.reviewed') },
          { value: '', label: t('applications.all') },
        ]}
      />
      <PagedList query={query} empty={t('applications.empty')}>
        {(items) => (
          <ul className="space-y-3">
            {items.map((application) => (
              <li key={application.id} className="rounded-xl border border-slate-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">{application.name}</p>
                    <p className="text-sm text-slate-700">
                      <a className="underline underline-offset-2" href={`mailto:${application.email}`} dir="ltr">{application.email}</a>
                      {application.phone && <span dir="ltr"> · {application.phone}</span>}
                    </p>
                    {application.linkedinUrl && (
                      <a className="text-sm text-brand-800 underline underline-offset-2" href={application.linkedinUrl} target="_blank" rel="noopener noreferrer">
                        {t('applications.linkedin')}
                      </a>
                    )}
                  </div>
                  <p className="text-sm text-slate-600">{when(application.createdAt, i18n.language)}</p>
                </div>
                {application.message && <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{application.message}</p>}
                <div className="mt-3 flex flex-wrap items-center gap-2">
                  <a href={application.resumeUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                    <Download aria-hidden="true" className="h-4 w-4" />
                    {t('applications.resume')}
                  </a>
                  {application.reviewedAt ? (
                    <span className="text-sm text-slate-600">{t('applications.reviewedBy', { who: application.reviewedBy?.email ?? '—', when: when(application.reviewedAt, i18n.language) })}</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={mark.isPending}
                      onClick={() => mark.mutate(application.id, { onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, t('applications.failed')) }) })}
                    >
                      {t('applications.markReviewed')}
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
