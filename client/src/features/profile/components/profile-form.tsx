// The profile form: Basic Information, Skills & Languages, Work Permit & Availability, Documents & Video. Used to create a
// profile and to edit it; the shared zod schema checks it as the server does.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS } from '#shared/constants.ts';
import { profileFormSchema, type OwnProfile, type ProfileSubmission } from '#shared/profile.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { DocumentUpload } from '@/components/upload/document-upload';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { finalizeCvUpload } from '../api/finalize-cv-upload';
import { requestCvUpload } from '../api/request-cv-upload';
import { VideoUploadField } from './video-upload-field';
import { HiringFactsFields, hiringFactDefaults } from './hiring-facts-fields';
import { useOptionText } from '@/lib/option-text';

type FormInput = z.input<typeof profileFormSchema>;
type FormValues = z.output<typeof profileFormSchema>;

interface ProfileFormProps {
  initial?: OwnProfile;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: ProfileSubmission) => void;
  /** Shown above the submit button (e.g. that saving sends the profile back to review). */
  notice?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <fieldset className="space-y-5">
        <legend className="mb-1 text-lg font-semibold text-slate-900">{title}</legend>
        {children}
      </fieldset>
    </Card>
  );
}

function CheckboxGroup({ name, options, register, error, label }: {
  name: 'industries' | 'languages';
  options: readonly string[];
  register: ReturnType<typeof useForm<FormInput, unknown, FormValues>>['register'];
  error?: string;
  label: string;
}) {
  const { optionText } = useOptionText();
  const errorId = `${name}-error`;
  return (
    <div role="group" aria-labelledby={`${name}-label`} aria-describedby={error ? errorId : undefined} className="space-y-2">
      <p id={`${name}-label`} className="text-sm font-medium text-slate-800">
        {label}
        <span aria-hidden="true" className="ms-0.5 text-red-700">
          *
        </span>
      </p>
      <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50">
            <input type="checkbox" value={option} className="h-5 w-5 accent-brand-700" {...register(name)} />
            {optionText(name, option)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function ProfileForm({ initial, submitLabel, pendingLabel, pending, onSubmit, notice }: ProfileFormProps) {
  const { t } = useTranslation('profile');
  const { optionText } = useOptionText();
  const [cvUrl, setCvUrl] = useState<string | undefined>(initial?.cvUrl ?? undefined);
  const [videoUrl, setVideoUrl] = useState<string | undefined>(initial?.videoUrl ?? undefined);
  const [videoBusy, setVideoBusy] = useState(false);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      fullName: initial?.fullName ?? '',
      phone: initial?.phone ?? '',
      location: initial?.location ?? '',
      industries: initial?.industries ?? [],
      languages: initial?.languages ?? [],
      bio: initial?.bio ?? '',
      yearsOfExperience: initial?.yearsOfExperience ?? undefined,
      ...hiringFactDefaults(initial),
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => translateValidation(t, m);

  const submit = form.handleSubmit((values) => {
    if (!cvUrl) return toast({ variant: 'destructive', title: t('form.missingCvTitle'), description: t('form.missingCv') });
    if (!videoUrl) return toast({ variant: 'destructive', title: t('form.missingVideoTitle'), description: t('form.missingVideo') });
    onSubmit({ ...values, bio: values.bio ?? '', cvUrl, videoUrl });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-6">
      <Section title={t('form.basicInformation')}>
        <Field label={t('form.fullName')} required error={message(errors.fullName?.message)}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field label={t('form.phone')} required hint={t('form.phoneHint')} error={message(errors.phone?.message)}>
          {(ids) => <Input {...ids} type="tel" autoComplete="tel" inputMode="tel" placeholder="+971 50 123 4567" {...form.register('phone')} />}
        </Field>
        <Field label={t('form.location')} required error={message(errors.location?.message)}>
          {(ids) => (
            <Select {...ids} {...form.register('location')}>
              <option value="">{t('form.locationPlaceholder')}</option>
              {LOCATIONS.map((location) => (
                <option key={location} value={location}>
                  {optionText('locations', location)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={<>{t('form.bio')} <span className="font-normal text-slate-600">{t('form.optional')}</span></>} hint={t('form.bioHint')} error={message(errors.bio?.message)}>
          {(ids) => <Textarea {...ids} rows={4} {...form.register('bio')} />}
        </Field>
        <Field
          label={<>{t('form.years')} <span className="font-normal text-slate-600">{t('form.optional')}</span></>}
          error={message(errors.yearsOfExperience?.message)}
        >
          {(ids) => (
            <Input
              {...ids}
              type="number"
              inputMode="numeric"
              min={LIMITS.yearsOfExperienceMin}
              max={LIMITS.yearsOfExperienceMax}
              className="max-w-40"
              {...form.register('yearsOfExperience', { setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v)) })}
            />
          )}
        </Field>
      </Section>

      <Section title={t('form.skillsAndLanguages')}>
        <CheckboxGroup name="industries" label={t('form.industries')} options={INDUSTRIES} register={form.register} error={message(errors.industries?.message)} />
        <CheckboxGroup name="languages" label={t('form.languages')} options={LANGUAGES} register={form.register} error={message(errors.languages?.message)} />
      </Section>

      <div id="hiring-facts" className="scroll-mt-20">
        <Section title={t('form.hiringFacts')}>
          <HiringFactsFields form={form} message={message} />
        </Section>
      </div>

      <Section title={t('form.documentsAndVideo')}>
        <Field label={t('form.cv')} required hint={t('form.cvHint')}>
          {(ids) => (
            <DocumentUpload
              ids={ids}
              value={cvUrl}
              labels={{ choose: t('cv.choose'), replace: t('cv.replace'), uploaded: t('cv.uploaded'), checking: t('cv.checking') }}
              getUploadUrl={requestCvUpload}
              finalize={finalizeCvUpload}
              onUploaded={(objectPath) => {
                setCvUrl(objectPath);
                toast({ variant: 'success', title: t('cv.uploadedTitle'), description: t('cv.success') });
              }}
              onFailed={(error) => toast({ variant: 'destructive', title: t('cv.failedTitle'), description: errorMessage(error, t('cv.failed')) })}
            />
          )}
        </Field>
        <Field label={t('form.video')} required hint={t('form.videoHint')}>
          {(ids) => (
            <VideoUploadField ids={ids} getFullName={() => form.getValues('fullName')} value={videoUrl} onUploaded={setVideoUrl} onBusyChange={setVideoBusy} />
          )}
        </Field>
      </Section>

      {notice}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending || videoBusy}>
        {pending && <Spinner />}
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
