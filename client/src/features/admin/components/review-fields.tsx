// The review page's profile fields, with the value before any change since the last decision.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEWED_FIELDS, type ReviewedField } from '#shared/profile.ts';
import type { ReviewItem } from '#shared/admin.ts';
import { Card } from '@/components/ui/card';
import { useOptionText } from '@/lib/option-text';
import { when } from './paged-list';

const show = (value: unknown) => (Array.isArray(value) ? value.join(', ') : value === null || value === undefined || value === '' ? '—' : String(value));

function Row({ label, children, changed }: { label: string; children: ReactNode; changed?: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">
        {children}
        {changed}
      </dd>
    </div>
  );
}

/** The fields as the job seeker wrote them, the status and the reasons and note of the last decision. */
export function ReviewFields({ profile, changed }: { profile: ReviewItem; changed: (field: ReviewedField) => boolean }) {
  const { t, i18n } = useTranslation('admin');
  const { optionText, optionListText } = useOptionText();
  const previous = profile.lastReviewedValues;
  const changedFields = REVIEWED_FIELDS.filter(changed);

  /** The value before this change, option codes in the reader's language. */
  const shownBefore = (field: ReviewedField) => {
    const value = previous?.[field];
    if (field === 'location' && typeof value === 'string') return optionText('locations', value);
    if ((field === 'industries' || field === 'languages') && Array.isArray(value)) return optionListText(field, value as string[]);
    return show(value);
  };

  const was = (field: ReviewedField) =>
    changed(field) ? (
      <span className="mt-1 block text-sm text-amber-900">
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold">{t('review.changed')}</span> {t('review.was', { value: shownBefore(field) })}
      </span>
    ) : null;

  return (
    <Card className="p-5" role="region" aria-labelledby="review-fields-title">
      <h2 id="review-fields-title" className="font-semibold text-slate-900">{t('review.details')}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t(`review.status.${profile.reviewStatus}`)} · {t('review.submitted', { when: when(profile.submittedAt, i18n.language) })} · <bdi dir="ltr" className="break-all">{profile.email}</bdi>
      </p>
      {changedFields.length > 0 && <p className="mt-2 font-medium text-amber-900">{t('review.changedSince', { count: changedFields.length })}</p>}
      <dl className="mt-3 divide-y divide-slate-100">
        <Row label={t('fields.fullName')} changed={was('fullName')}>{profile.fullName}</Row>
        <Row label={t('fields.phone')} changed={was('phone')}><span dir="ltr">{profile.phone}</span></Row>
        <Row label={t('fields.location')} changed={was('location')}>{optionText('locations', profile.location)}</Row>
        <Row label={t('fields.years')} changed={was('yearsOfExperience')}>{show(profile.yearsOfExperience)}</Row>
        <Row label={t('fields.industries')} changed={was('industries')}>{optionListText('industries', profile.industries)}</Row>
        <Row label={t('fields.languages')} changed={was('languages')}>{optionListText('languages', profile.languages)}</Row>
        <Row label={t('fields.bio')} changed={was('bio')}><span dir="auto" className="block whitespace-pre-line">{show(profile.bio)}</span></Row>
        <Row label={t('fields.visibility')}>{t(`fields.visibilityValue.${profile.visibility}`)}</Row>
      </dl>
      {(profile.reviewReasons.length > 0 || profile.reviewNote) && (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
          {profile.reviewReasons.length > 0 && <p>{t('review.lastReasons', { reasons: profile.reviewReasons.map((reason) => t(`reasons.${reason}`)).join('; ') })}</p>}
          {profile.reviewNote && <p>{t('review.lastNote', { note: profile.reviewNote })}</p>}
        </div>
      )}
    </Card>
  );
}
