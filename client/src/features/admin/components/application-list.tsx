import { useState } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { useApplicationList } from '../api/list-applications';
import { useMarkApplicationReviewed } from '../api/mark-application-reviewed';
import { FilterTabs, PagedList, when } from './paged-list';
import { MarkDone, SubmissionItem } from './submission-item';

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
              <SubmissionItem
                key={application.id}
                submission={application}
                footer={
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <a href={application.resumeUrl} download className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                      <Download aria-hidden="true" className="h-4 w-4" />
                      {t('applications.resume')}
                    </a>
                    <MarkDone mark={mark} id={application.id} label={t('applications.markReviewed')} failed={t('applications.failed')}>
                      {application.reviewedAt && t('applications.reviewedBy', { who: application.reviewedBy?.email ?? '—', when: when(application.reviewedAt, i18n.language) })}
                    </MarkDone>
                  </div>
                }
              >
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
              </SubmissionItem>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
