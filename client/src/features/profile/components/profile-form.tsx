// The profile form, video first: the introduction video (sent while the rest is filled in), then what a company needs
// to decide (name, phone, location, trade, languages, CV), then "more about you" (the optional details and the hiring
// facts), which can wait for later. Used to create a profile and to edit it; the shared zod schema checks it as the
// server does. Saving never waits for the video: the profile names the upload still bringing it.
import { useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { INDUSTRIES, LANGUAGES, LIMITS, LOCATIONS } from '#shared/constants.ts';
import { profileFormSchema, type OwnProfile, type ProfileSubmission } from '#shared/profile.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { DocumentUpload } from '@/components/upload/document-upload';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { finalizeCvUpload } from '../api/finalize-cv-upload';
import { requestCvUpload } from '../api/request-cv-upload';
import { useVideoSending, videoUploadId } from '../video-sending';
import { changesProfile, letChangesGo, readDraft, savedVersion, useProfileDraft, type ProfileDraft } from '../profile-draft';
import { BioLength } from './bio-length';
import { VideoUploadField } from './video-upload-field';
import { HiringFactsFields, hiringFactDefaults } from './hiring-facts-fields';
import { useOptionText } from '@/lib/option-text';
import { CheckboxGroup } from './checkbox-group';
import { ChangesBack, ChangesUndone } from './changes-back';

type FormInput = z.input<typeof profileFormSchema>;
type FormValues = z.output<typeof profileFormSchema>;

interface ProfileFormProps {
  initial?: OwnProfile;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Sends the profile; settles once the server has answered. */
  onSubmit: (values: ProfileSubmission) => Promise<unknown>;
  /** Shown above the submit button (e.g. that saving sends the profile back to review). */
  notice?: ReactNode;
  /**
   * What is done is kept on the phone until it is saved, and the form opens with it: a new profile, or the changes to
   * `initial` (said so above the form, with a way back to the saved profile).
   */
  keepDraft?: boolean;
}

/** The fields above "More about you": a draft with anything filled in below them opens it. */
const BASICS = new Set(['fullName', 'phone', 'location', 'industries', 'languages']);
const fillsMore = (draft: ProfileDraft<object> | undefined) =>
  Object.entries(draft?.values ?? {}).some(([name, value]) => !BASICS.has(name) && value !== '' && value !== null && value !== undefined);

function Section({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6">
      <fieldset className="space-y-5">
        <legend className="mb-2 text-lg font-semibold text-slate-900">{title}</legend>
        {/* The legend sits on the fieldset's edge, outside the flow: a paragraph pulled up under it ran into it. */}
        {intro && <p className="text-sm text-slate-700">{intro}</p>}
        {children}
      </fieldset>
    </Card>
  );
}

/** The form, started again from the saved profile when the changes it brought back are undone. */
export function ProfileForm(props: ProfileFormProps) {
  const [start, setStart] = useState(0);
  return <ProfileFormFrom key={start} {...props} undone={start > 0} onUndone={() => setStart(start + 1)} />;
}

function ProfileFormFrom(props: ProfileFormProps & { undone: boolean; onUndone: () => void }) {
  const { initial, submitLabel, pendingLabel, pending, onSubmit, notice, keepDraft, undone, onUndone } = props;
  const { t } = useTranslation('profile');
  const { optionText } = useOptionText();
  const { user } = useCurrentUser();
  const sending = useVideoSending();
  const [chosenCvUrl, setCvUrl] = useState<string>();
  const [naming, setNaming] = useState(false);
  // The name given at sign-up is the profile's name: asked once.
  const nameFromSignUp = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  const defaults = {
    fullName: initial?.fullName ?? nameFromSignUp,
    phone: initial?.phone ?? '',
    location: initial?.location ?? '',
    industries: initial?.industries ?? [],
    languages: initial?.languages ?? [],
    bio: initial?.bio ?? '',
    yearsOfExperience: initial?.yearsOfExperience ?? undefined,
    ...hiringFactDefaults(initial),
  };
  // Read once, as the form starts: a reload, a tab the phone discarded or a later visit opens with what was done. An
  // edit's changes stay those of the version it started from, when saving them brings the next version.
  const [draftOf] = useState(() => (keepDraft && user ? { userId: user.id, basedOn: initial && savedVersion(initial) } : undefined));
  const [draft] = useState(() => (draftOf ? readDraft<FormInput>(draftOf, defaults) : undefined));
  const [saved] = useState(() => initial && { values: defaults, cvUrl: initial.cvUrl, videoUrl: initial.videoUrl });
  const changesBack = Boolean(saved && draft && changesProfile(draft, saved));
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { ...defaults, ...draft?.values },
    // The first refused field in the page's order is focused below (focusFirstRefused), the uploads' included.
    shouldFocusError: false,
  });
  const { keptCvUrl, keepCv } = useProfileDraft(form, draftOf, draft, saved);
  const cvUrl = chosenCvUrl ?? keptCvUrl ?? initial?.cvUrl ?? undefined;
  const { errors } = form.formState;
  const message = (m?: string) => translateValidation(t, m);

  // The optional part, closed on a new profile: a refused field in it is shown, not left hidden behind its summary.
  const more = useRef<HTMLDetailsElement>(null);
  // The first field said to be wrong in the page's order takes the focus once the messages are drawn: the video's
  // message is above the name (which the form library would focus), and uploads alone missing moved nothing.
  const formElement = useRef<HTMLFormElement>(null);
  const focusFirstRefused = () => requestAnimationFrame(() => formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const showRefused = (refused: object) => {
    if (Object.keys(refused).some((name) => more.current?.querySelector(`[name="${name}"]`))) more.current!.open = true;
    focusFirstRefused();
  };

  const videoOnItsWay = sending.phase === 'sending' || sending.phase === 'offline' || sending.phase === 'paused';
  const videoMissing = sending.phase !== 'arrived' && !videoOnItsWay && !initial?.videoUrl && !initial?.videoUploadId;
  // Once a send was tried, the video and the CV say at their fields what is missing, beside the other fields' messages:
  // the person learns all that is left in one go, not the uploads only once the rest is right.
  const [sendTried, setSendTried] = useState(false);

  /** What the form sends, or undefined once it has said what is missing. */
  const submissionOf = async (values: FormValues): Promise<ProfileSubmission | undefined> => {
    if (!cvUrl) return void toast({ variant: 'destructive', title: t('form.missingCvTitle'), description: t('form.missingCv') });
    let video: { videoUrl?: string; videoUploadId?: string };
    if (sending.phase === 'arrived') video = { videoUrl: sending.videoUrl };
    else if (videoOnItsWay) {
      // Still on its way: the profile is saved now and takes the video when it arrives.
      setNaming(true);
      try {
        video = { videoUploadId: await videoUploadId() };
      } catch {
        // Cancelled meanwhile.
        return void toast({ variant: 'destructive', title: t('form.missingVideoTitle'), description: t('form.missingVideo') });
      } finally {
        setNaming(false);
      }
    } else if (videoMissing) return void toast({ variant: 'destructive', title: t('form.missingVideoTitle'), description: t('form.missingVideo') });
    else video = {};
    return { ...values, bio: values.bio ?? '', cvUrl, ...video };
  };

  // A second tap that comes before the first has disabled the button must not send the profile again: the server
  // would refuse the second as a profile that already exists, and say so over the first one's success.
  const sendOnce = useSendOnce();
  const send = (values: FormValues) =>
    sendOnce(async () => {
      const submission = await submissionOf(values);
      if (submission) await onSubmit(submission);
      else focusFirstRefused();
    });

  const busy = pending || naming;
  const optional = <span className="font-normal text-slate-600">{t('form.optional')}</span>;
  return (
    <form
      ref={formElement}
      onSubmit={(event) => {
        setSendTried(true);
        void form.handleSubmit(send, showRefused)(event);
      }}
      noValidate
      className="space-y-6"
    >
      {changesBack && draftOf && <ChangesBack onUndo={() => (letChangesGo(draftOf.userId), onUndone())} />}
      {undone && <ChangesUndone />}
      <div id="video" className="scroll-mt-20">
        <Section title={t('videoFirst.videoSection')} intro={t('videoFirst.videoSectionIntro')}>
          <Field id="profile-video" label={t('form.video')} required hint={t('form.videoHint')} error={sendTried && videoMissing ? t('form.missingVideo') : undefined}>
            {(ids) => <VideoUploadField ids={ids} getTitle={() => form.getValues('fullName')} current={initial?.videoUrl ?? undefined} />}
          </Field>
        </Section>
      </div>

      <Section title={t('videoFirst.basicsSection')}>
        <Field id="profile-full-name" label={t('form.fullName')} required hint={!initial && nameFromSignUp ? t('videoFirst.nameFromSignUp') : undefined} error={message(errors.fullName?.message)}>
          {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
        </Field>
        <Field id="profile-phone" label={t('form.phone')} required hint={t('form.phoneHint')} error={message(errors.phone?.message)}>
          {(ids) => <Input {...ids} type="tel" autoComplete="tel" inputMode="tel" placeholder="+971 50 123 4567" {...form.register('phone')} />}
        </Field>
        <Field id="profile-location" label={t('form.location')} required error={message(errors.location?.message)}>
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
        <CheckboxGroup name="industries" label={t('form.industries')} options={INDUSTRIES} register={form.register} error={message(errors.industries?.message)} />
        <CheckboxGroup name="languages" label={t('form.languages')} options={LANGUAGES} register={form.register} error={message(errors.languages?.message)} />
        <Field id="profile-cv" group label={t('form.cv')} required hint={t('form.cvHint')} error={sendTried && !cvUrl ? t('form.missingCv') : undefined}>
          {(ids) => (
            <DocumentUpload
              ids={ids}
              value={cvUrl}
              labels={{ choose: t('cv.choose'), replace: t('cv.replace'), uploaded: t('cv.uploaded'), checking: t('cv.checking') }}
              getUploadUrl={requestCvUpload}
              finalize={finalizeCvUpload}
              onUploaded={(objectPath) => {
                setCvUrl(objectPath);
                keepCv(objectPath);
                toast({ variant: 'success', title: t('cv.uploadedTitle'), description: t('cv.success') });
              }}
              onFailed={(error) => toast({ variant: 'destructive', title: t('cv.failedTitle'), description: errorMessage(error, t('cv.failed')) })}
            />
          )}
        </Field>
      </Section>

      {/* Optional, and open when editing or when a kept draft filled it: a new profile can be sent without it and
          completed later from /profile. */}
      <details ref={more} open={Boolean(initial) || fillsMore(draft)} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
        <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 p-5 sm:p-6">
          <span>
            <span className="block text-lg font-semibold text-slate-900">
              <span>{t('videoFirst.moreSection')}</span> {optional}
            </span>
            <span className="mt-1 block text-sm text-slate-700">{t('videoFirst.moreSectionHint')}</span>
          </span>
          <ChevronDown aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" />
        </summary>
        <div className="space-y-6 border-t border-slate-200 p-5 sm:p-6">
          <Field id="profile-bio" label={<>{t('form.bio')} {optional}</>} hint={t('form.bioHint')} error={message(errors.bio?.message)}>
            {(ids) => (
              <>
                <Textarea {...ids} rows={4} {...form.register('bio')} />
                <BioLength control={form.control} />
              </>
            )}
          </Field>
          <Field id="profile-years-of-experience" label={<>{t('form.years')} {optional}</>} error={message(errors.yearsOfExperience?.message)}>
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
          <fieldset id="hiring-facts" className="scroll-mt-20 space-y-5">
            <legend className="mb-1 text-base font-semibold text-slate-900">{t('form.hiringFacts')}</legend>
            <HiringFactsFields form={form} message={message} />
          </fieldset>
        </div>
      </details>

      {notice}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        {busy && <Spinner />}
        {busy ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}
