// What happened to the profile, newest first: creation, the job seeker's edits with the fields they changed (a
// checked fact with its old and new value), videos arriving, decisions with their reasons, verified marks and
// "Looked at". A CV or video an edit replaced opens from here while its file is still kept.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileHistoryEntry } from '#shared/admin.ts';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/error-message';
import { useFactText } from '@/lib/fact-text';
import { useProfileHistory } from '../api/get-profile-history';
import { when } from './paged-list';

const COUNTRY_FIELDS = new Set(['nationality', 'currentCountry', 'licenceCountry']);

function Line({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-700">{children}</p>;
}

function Entry({ entry }: { entry: ProfileHistoryEntry }) {
  const { t, i18n } = useTranslation('admin');
  const { countryName, visaText, licenceText } = useFactText();
  const details = entry.details;
  const who = entry.byOwner ? t('history.owner') : (entry.actor?.name ?? t('history.someone'));
  const field = (name: string) => t(`history.field.${name}`, { defaultValue: name });
  const factValue = (name: string, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (Array.isArray(value)) return value.length === 0 ? t('history.noLicence') : new Intl.ListFormat(i18n.language).format(value.map((v) => licenceText(String(v))));
    if (COUNTRY_FIELDS.has(name)) return countryName(String(value));
    if (name === 'visaStatus') return visaText(String(value));
    return String(value);
  };
  const fields = Array.isArray(details.fields) ? (details.fields as string[]) : [];
  const facts = details.facts && typeof details.facts === 'object' ? Object.entries(details.facts as Record<string, { from: unknown; to: unknown }>) : [];
  // The files the edit replaced; those no longer kept are named as gone.
  const previous = (details.previous && typeof details.previous === 'object' ? details.previous : {}) as { cvUrl?: string; videoUrl?: string };
  const fact = typeof details.fact === 'string' ? t(`facts.name.${details.fact}`, { defaultValue: details.fact }) : '';

  const title = {
    'profile.create': t('history.created'),
    'profile.edit': t('history.edited'),
    'profile.video_arrived': t('history.videoArrived'),
    'profile.approve': t('history.approved', { who }),
    'profile.reject': t('history.rejected', { who }),
    'profile.fact_verified': t('history.factVerified', { fact, who }),
    'profile.fact_unverified': t('history.factUnverified', { fact, who }),
    'profile.facts_looked_at': t('history.lookedAt', { who }),
  }[entry.action] ?? entry.action;

  return (
    <li className="relative border-s-2 border-slate-200 ps-4 pb-4 last:pb-0">
      <span aria-hidden="true" className="absolute -start-[5px] top-1.5 h-2 w-2 rounded-full bg-slate-400" />
      <p className="text-xs text-slate-500">
        <time dateTime={entry.at}>{when(entry.at, i18n.language)}</time>
      </p>
      <p className="font-medium text-slate-900">{title}</p>
      {fields.length > 0 && <Line>{t('history.fields', { fields: new Intl.ListFormat(i18n.language).format(fields.map(field)) })}</Line>}
      {facts.map(([name, change]) => (
        <Line key={name}>{t('history.factChange', { field: field(name), from: factValue(name, change.from), to: factValue(name, change.to) })}</Line>
      ))}
      {details.resubmitted === true && <Line>{t('history.resubmitted')}</Line>}
      {Array.isArray(details.reasons) && details.reasons.length > 0 && (
        <Line>{t('history.reason', { reason: details.reasons.map((reason) => t(`reasons.${String(reason)}`, { defaultValue: String(reason) })).join('; ') })}</Line>
      )}
      {typeof details.note === 'string' && <Line><span className="whitespace-pre-line">{t('history.note', { note: details.note })}</span></Line>}
      {/* Rejections from before the list of reasons carry their free text. */}
      {typeof details.reason === 'string' && <Line><span className="whitespace-pre-line">{t('history.reason', { reason: details.reason })}</span></Line>}
      {(entry.replaced.cvUrl || entry.replaced.videoUrl) && (
        <p className="mt-1 flex flex-wrap gap-x-4 text-sm">
          {entry.replaced.cvUrl && <a className="font-medium text-brand-700 underline" href={entry.replaced.cvUrl} target="_blank" rel="noreferrer">{t('history.previousCv')}</a>}
          {entry.replaced.videoUrl && <a className="font-medium text-brand-700 underline" href={entry.replaced.videoUrl} target="_blank" rel="noreferrer">{t('history.previousVideo')}</a>}
        </p>
      )}
      {((previous.cvUrl && !entry.replaced.cvUrl) || (previous.videoUrl && !entry.replaced.videoUrl)) && <Line>{t('history.previousGone')}</Line>}
    </li>
  );
}

export function ReviewHistory({ profileId }: { profileId: string }) {
  const { t } = useTranslation('admin');
  const history = useProfileHistory(profileId);
  return (
    <Card className="p-5" role="region" aria-labelledby="review-history-title">
      <h2 id="review-history-title" className="font-semibold text-slate-900">{t('history.title')}</h2>
      <div className="mt-4">
        {history.isPending && <Spinner />}
        {history.isError && <p role="alert" className="text-sm text-red-800">{errorMessage(history.error, t('list.failed'))}</p>}
        {history.data && history.data.length === 0 && <p className="text-sm text-slate-600">{t('history.empty')}</p>}
        {history.data && history.data.length > 0 && (
          <ol aria-label={t('history.title')}>
            {history.data.map((entry) => <Entry key={entry.id} entry={entry} />)}
          </ol>
        )}
      </div>
    </Card>
  );
}
