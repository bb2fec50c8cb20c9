import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { z } from 'zod';
import { CAREER_LIMITS, CAREER_MESSAGES, careerApplicationSchema } from '#shared/career.ts';
import { DocumentUpload } from '@/components/upload/document-upload';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useFinalizeResumeUpload } from '../api/finalize-resume-upload';
import { useRequestResumeUpload } from '../api/request-resume-upload';
import { useSubmitCareerApplication } from '../api/submit-career-application';

type FormInput = z.input<typeof careerApplicationSchema>;
type FormOutput = z.output<typeof careerApplicationSchema>;

const EMPTY: FormInput = { name: '', email: '', phone: '', linkedinUrl: '', message: '', resumeUrl: '' };

/** The three things the form requires; the shared schema answers its one message when any is missing. */
const REQUIRED = ['name', 'email', 'resumeUrl'] as const;
const requiredMessages = { name: 'required.name', email: 'required.email', resumeUrl: 'required.resume' } as const;

/** The Join Our Team form: resume by upload first, then the application. */
export function CareerApplicationForm() {
  const { t } = useTranslation('careers');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(careerApplicationSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const requestUpload = useRequestResumeUpload();
  const finalizeUpload = useFinalizeResumeUpload();
  const submit = useSubmitCareerApplication();
  const sendOnce = useSendOnce();
  const pending = submit.isPending;
  // The page arrives rendered by the server: sent before its code has arrived, the form would go as a plain GET.
  const hydrated = useHydrated();

  const getUploadUrl = async () => {
    try {
      return (await requestUpload.mutateAsync()).uploadURL;
    } catch (error) {
      toast({ variant: 'destructive', title: t('toast.uploadError'), description: errorMessage(error, t('toast.uploadInitFailed')) });
      throw error;
    }
  };

  const onValid = (values: FormOutput) =>
    sendOnce(() =>
      submit.mutateAsync(values).then(
        () => {
          toast({ variant: 'success', title: t('toast.successTitle'), description: t('toast.success') });
          form.reset(EMPTY);
        },
        // Nothing typed is lost: the form keeps its values for another try.
        (error: unknown) => {
          toast({ variant: 'destructive', title: t('toast.failedTitle'), description: errorMessage(error, t('toast.failed')) });
        },
      ),
    );

  const onInvalid = (invalid: FieldErrors<FormInput>) => {
    if (REQUIRED.some((name) => invalid[name]?.message === CAREER_MESSAGES.missing)) {
      toast({ variant: 'destructive', title: t('toast.missingTitle'), description: t('toast.missing') });
    }
  };

  /** A field's error: a field-specific line when it is simply missing, else the schema's message. */
  const fieldError = (name: keyof FormInput): string | undefined => {
    const message = errors[name]?.message;
    if (message === CAREER_MESSAGES.missing && name in requiredMessages) return t(requiredMessages[name as keyof typeof requiredMessages]);
    return translateValidation(t, message);
  };

  const resumeId = 'career-resume';
  const resumeHintId = `${resumeId}-hint`;
  const resumeErrorId = `${resumeId}-error`;
  const resumeError = fieldError('resumeUrl');

  const optional = <span className="font-normal text-slate-600">{t('fields.optional')}</span>;

  return (
    <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      <p className="text-sm text-slate-600">{t('requiredNote')}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="career-name" label={t('fields.name')} required error={fieldError('name')}>
          {(ids) => (
            <Input {...ids} required maxLength={CAREER_LIMITS.nameMax} autoComplete="name" {...form.register('name')} />
          )}
        </Field>
        <Field id="career-email" label={t('fields.email')} required error={fieldError('email')}>
          {(ids) => (
            <Input
              {...ids}
              type="email"
              required
              maxLength={CAREER_LIMITS.emailMax}
              autoComplete="email"
              {...form.register('email')}
            />
          )}
        </Field>
        <Field id="career-phone" label={<>{t('fields.phone')} {optional}</>} error={fieldError('phone')}>
          {(ids) => (
            <Input {...ids} type="tel" maxLength={CAREER_LIMITS.phoneMax} autoComplete="tel" {...form.register('phone')} />
          )}
        </Field>
        <Field id="career-linkedin-url" label={<>{t('fields.linkedinUrl')} {optional}</>} error={fieldError('linkedinUrl')}>
          {(ids) => (
            <Input
              {...ids}
              type="url"
              inputMode="url"
              maxLength={CAREER_LIMITS.linkedinUrlMax}
              autoComplete="url"
              placeholder="https://www.linkedin.com/in/"
              {...form.register('linkedinUrl')}
            />
          )}
        </Field>
      </div>
      <Field id="career-message" label={<>{t('fields.message')} {optional}</>} hint={t('fields.messageHint')} error={fieldError('message')}>
        {(ids) => <Textarea {...ids} rows={5} maxLength={CAREER_LIMITS.messageMax} {...form.register('message')} />}
      </Field>
      {/* A group rather than a label: the button keeps its own words (Upload Resume, Uploaded) as its name. */}
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-slate-800">
          {t('fields.resume')}
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        </legend>
        <Controller
          control={form.control}
          name="resumeUrl"
          render={({ field }) => (
            <DocumentUpload
              ids={{
                'aria-describedby': resumeError ? `${resumeHintId} ${resumeErrorId}` : resumeHintId,
                ...(resumeError ? { 'aria-invalid': true as const } : {}),
              }}
              value={field.value || undefined}
              disabled={pending}
              labels={{
                choose: t('resume.choose'),
                replace: t('resume.replace'),
                uploaded: t('resume.uploaded'),
                checking: t('resume.checking'),
              }}
              getUploadUrl={getUploadUrl}
              finalize={async (uploadURL) => (await finalizeUpload.mutateAsync(uploadURL)).objectPath}
              onUploaded={(objectPath) => {
                form.setValue('resumeUrl', objectPath, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
                toast({ variant: 'success', title: t('toast.resumeUploaded') });
              }}
              onFailed={(error) =>
                toast({
                  variant: 'destructive',
                  title: t('toast.uploadError'),
                  description: errorMessage(error, t('toast.uploadFinalizeFailed')),
                })
              }
            />
          )}
        />
        <p id={resumeHintId} className="text-sm text-slate-600">
          {t('resume.note')}
        </p>
        {resumeError && (
          <p id={resumeErrorId} className="text-sm font-medium text-red-700" role="alert">
            {resumeError}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <Button type="submit" size="lg" disabled={pending || !hydrated}>
          {pending && <Spinner />}
          {pending ? t('submitting') : t('submit')}
        </Button>
        <Link href="/" className={buttonClasses({ size: 'lg', variant: 'outline' })}>
          {t('cancel')}
        </Link>
      </div>
    </form>
  );
}
