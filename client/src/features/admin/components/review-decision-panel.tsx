// The review page's decision panel: the profile's language, Approve, the rejection form and the way to the neighbours.
import type { BaseSyntheticEvent } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REJECTION_REASONS, type rejectProfileSchema, type RejectionReason } from '#shared/profile.ts';
import { isLocale, LOCALE_NAMES } from '#shared/locales.ts';
import type { ReviewItem, ReviewNeighbours } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { translateValidation } from '@/lib/validation-message';
import { clsx } from 'clsx';
import { Key } from './review-shortcuts';

export type RejectForm = z.input<typeof rejectProfileSchema>;

/** Stays in view beside the profile; the keys it shows are handled by the page (the "?" list). */
export function ReviewDecisionPanel({
  profile,
  form,
  canApprove,
  approving,
  onApprove,
  canReject,
  rejecting,
  onReject,
  neighbours,
  go,
}: {
  profile: ReviewItem;
  form: UseFormReturn<RejectForm, unknown, z.output<typeof rejectProfileSchema>>;
  canApprove: boolean;
  approving: boolean;
  onApprove: () => void;
  canReject: boolean;
  rejecting: boolean;
  onReject: (event?: BaseSyntheticEvent) => Promise<void>;
  neighbours: ReviewNeighbours | undefined;
  go: (id: string | null | undefined) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = isLocale(profile.locale) ? profile.locale : 'en';
  const languageName = new Intl.DisplayNames([i18n.language], { type: 'language' }).of(language) ?? language;
  const chosenReasons = useWatch({ control: form.control, name: 'reasons' }) ?? [];
  const reasonsError = form.formState.errors.reasons;

  return (
    <aside aria-labelledby="review-decision-title" className="min-w-0 lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:self-start lg:overflow-y-auto">
      <Card className="space-y-4 p-4">
        <div>
          <h2 id="review-decision-title" className="font-semibold text-slate-900">{t('review.decision')}</h2>
          <p className="mt-1 text-sm text-slate-700">
            {t('review.language')}{' '}
            <span className="font-semibold">
              {languageName} (<bdi lang={language}>{LOCALE_NAMES[language]}</bdi>)
            </span>
          </p>
        </div>
        <Button size="lg" className="w-full" disabled={!canApprove} onClick={onApprove} aria-keyshortcuts="A">
          {approving && <Spinner />}
          {t('review.approveNext')}
          <Key>A</Key>
        </Button>
        <form className="space-y-3 border-t border-slate-200 pt-4" noValidate onSubmit={onReject}>
          <fieldset aria-describedby={reasonsError ? 'reject-reasons-error' : undefined}>
            <legend className="text-sm font-medium text-slate-800">{t('review.reasons')}</legend>
            <ul className="mt-2 space-y-1">
              {REJECTION_REASONS.map((reason, index) => (
                <li key={reason}>
                  <label className={clsx('flex cursor-pointer items-start gap-2 rounded-md px-2 py-1.5 text-sm', chosenReasons.includes(reason) ? 'bg-red-50 text-red-950' : 'hover:bg-slate-50')}>
                    <input type="checkbox" value={reason} aria-keyshortcuts={String(index + 1)} className="mt-0.5 h-4 w-4 shrink-0 accent-red-700" {...form.register('reasons')} />
                    <span className="flex-1">{t(`reasons.${reason as RejectionReason}`)}</span>
                    <Key>{String(index + 1)}</Key>
                  </label>
                </li>
              ))}
            </ul>
            {reasonsError && (
              <p id="reject-reasons-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
                {translateValidation(t, reasonsError.message ?? reasonsError.root?.message)}
              </p>
            )}
          </fieldset>
          <Field id="review-note" label={t('review.note')} hint={t('review.noteHint')} error={translateValidation(t, form.formState.errors.note?.message)}>
            {(ids) => <Textarea {...ids} rows={3} maxLength={1000} {...form.register('note')} />}
          </Field>
          <Button type="submit" variant="outline" className="w-full" disabled={!canReject} aria-keyshortcuts="R">
            {rejecting && <Spinner />}
            {t('review.rejectNext')}
            <Key>R</Key>
          </Button>
        </form>
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
          <Button variant="ghost" size="sm" disabled={!neighbours?.previous} onClick={() => go(neighbours?.previous)} aria-keyshortcuts="P">
            {t('review.previous')}
            <Key>P</Key>
          </Button>
          <Button variant="ghost" size="sm" disabled={!neighbours?.next} onClick={() => go(neighbours?.next)} aria-keyshortcuts="N">
            {t('review.next')}
            <Key>N</Key>
          </Button>
        </div>
      </Card>
    </aside>
  );
}
