// The videos the app makes playable in the background: queued, running, done or failed, with what went wrong.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VIDEO_JOB_STATES, type AdminVideoJob } from '#shared/admin.ts';
import { errorText, isErrorCode } from '#shared/errors.ts';
import { formatNumber } from '@/lib/format';
import { useVideoJobList } from '../api/list-videos';
import { FilterTabs, PagedList, when } from './paged-list';

const STATE_CLASS: Record<AdminVideoJob['state'], string> = {
  queued: 'text-slate-700',
  running: 'text-amber-800',
  done: 'text-brand-800',
  failed: 'font-semibold text-red-800',
};

function VideoJobRow({ job }: { job: AdminVideoJob }) {
  const { t, i18n } = useTranslation('admin');
  return (
    <li className="flex flex-wrap items-start gap-4 p-4">
      {job.posterUrl ? (
        <img src={job.posterUrl} alt="" loading="lazy" width={96} height={54} className="h-14 w-24 shrink-0 rounded-md bg-slate-900 object-cover" />
      ) : (
        <span aria-hidden="true" className="h-14 w-24 shrink-0 rounded-md bg-slate-200" />
      )}
      <div className="min-w-0 flex-1">
        <p className="break-all text-sm font-semibold text-slate-900" dir="ltr">
          {job.ownerEmail ?? '—'}
        </p>
        <p className="text-sm text-slate-600">
          {when(job.createdAt, i18n.language)}
          {job.durationMs !== null && ` · ${t('videos.duration', { seconds: formatNumber(Math.round(job.durationMs / 1000)) })}`}
          {` · ${t('videos.attempts', { count: job.attempts })}`}
        </p>
        {job.errorCode && <p className="mt-1 text-sm text-red-800">{t(`errors:${job.errorCode}`, { defaultValue: isErrorCode(job.errorCode) ? errorText(job.errorCode) : job.errorCode })}</p>}
        {job.errorDetail && (
          <p className="mt-1 break-words font-mono text-xs text-slate-600" dir="ltr">
            {job.errorDetail}
          </p>
        )}
      </div>
      <span className={`text-sm ${STATE_CLASS[job.state]}`}>{t(`videos.state.${job.state}`)}</span>
    </li>
  );
}

export function VideoJobList() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<'' | AdminVideoJob['state']>('');
  const query = useVideoJobList({ state: state || undefined });
  return (
    <>
      <p className="mb-4 text-sm text-slate-700">{t('videos.intro')}</p>
      <FilterTabs label={t('videos.filter')} value={state} onChange={setState} options={(['', ...VIDEO_JOB_STATES] as const).map((value) => ({ value, label: t(`videos.state.${value || 'all'}`) }))} />
      <PagedList query={query} empty={t('videos.empty')}>
        {(items) => <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">{items.map((job) => <VideoJobRow key={job.id} job={job} />)}</ul>}
      </PagedList>
    </>
  );
}
