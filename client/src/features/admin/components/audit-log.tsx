import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { ltr, ltrValues } from '@/lib/ltr-values';
import { useAuditLog } from '../api/list-audit';
import { PagedList, when } from './paged-list';

const EMPTY = { action: '', subjectType: '', subjectId: '', from: '', to: '' };

export function AuditLog() {
  const { t, i18n } = useTranslation('admin');
  const [draft, setDraft] = useState(EMPTY);
  const [applied, setApplied] = useState(EMPTY);
  const query = useAuditLog(applied);
  const set = (key: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.currentTarget.value });
  return (
    <>
      <form
        className="mb-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(draft);
        }}
      >
        <Field id="audit-action" label={t('audit.action')}>{(ids) => <Input {...ids} placeholder="profile.approve" value={draft.action} onChange={set('action')} />}</Field>
        <Field id="audit-subject-type" label={t('audit.subjectType')}>{(ids) => <Input {...ids} placeholder="company" value={draft.subjectType} onChange={set('subjectType')} />}</Field>
        <Field id="audit-subject-id" label={t('audit.subjectId')}>{(ids) => <Input {...ids} value={draft.subjectId} onChange={set('subjectId')} />}</Field>
        <Field id="audit-from" label={t('audit.from')}>{(ids) => <Input {...ids} type="date" value={draft.from} onChange={set('from')} />}</Field>
        <Field id="audit-to" label={t('audit.to')}>{(ids) => <Input {...ids} type="date" value={draft.to} onChange={set('to')} />}</Field>
        <div className="flex gap-2 sm:col-span-2 lg:col-span-5">
          <Button type="submit">{t('audit.apply')}</Button>
          <Button
            variant="outline"
            onClick={() => {
              setDraft(EMPTY);
              setApplied(EMPTY);
            }}
          >
            {t('audit.clear')}
          </Button>
        </div>
      </form>
      <PagedList query={query} empty={t('audit.empty')}>
        {(items) => (
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
            {items.map((entry) => (
              <li key={entry.id} className="p-4 text-sm">
                <div className="flex flex-wrap justify-between gap-2">
                  <bdi dir="ltr" className="font-mono font-semibold text-slate-900">
                    {entry.action}
                  </bdi>
                  <span className="text-slate-600">{when(entry.at, i18n.language)}</span>
                </div>
                {/* Codes, addresses and the details' JSON read left to right in every language: in Arabic the JSON's
                    braces and quotes were turned about. */}
                <p className="mt-1 text-slate-700">
                  {ltrValues(t('audit.by', { who: entry.actor?.email ? ltr(entry.actor.email) : t('audit.system') }))} ·{' '}
                  <bdi dir="ltr">{entry.subjectType}</bdi>{' '}
                  <bdi dir="ltr" className="font-mono text-xs">
                    {entry.subjectId}
                  </bdi>
                </p>
                {Object.keys(entry.details).length > 0 && (
                  <p dir="ltr" className="mt-1 break-words text-start font-mono text-xs text-slate-600">
                    {JSON.stringify(entry.details)}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
