// Reporting a company: what happened (asked for money, fake job, harassment, other), in the job seeker's words, and a
// screenshot if they have one (an image checked by its bytes). Optionally the company is blocked at the same time.
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { companyReportSchema, IMAGE_EXTENSIONS, REPORT_DETAILS_MAX, REPORT_REASONS } from '#shared/employers.ts';
import { DocumentUpload } from '@/components/upload/document-upload';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useSetCompanyBlocked } from '../api/block-company';
import { finalizeScreenshotUpload } from '../api/finalize-screenshot-upload';
import { requestScreenshotUpload } from '../api/request-screenshot-upload';
import { useSubmitReport } from '../api/submit-report';

type FormInput = z.input<typeof companyReportSchema>;

export function ReportForm({ company, onDone }: { company: { id: string; companyName: string }; onDone: () => void }) {
  const { t } = useTranslation('trust');
  const submit = useSubmitReport();
  const block = useSetCompanyBlocked();
  const sendOnce = useSendOnce();
  const [alsoBlock, setAlsoBlock] = useState(true);
  const form = useForm<FormInput, unknown, z.output<typeof companyReportSchema>>({
    resolver: zodResolver(companyReportSchema),
    defaultValues: { companyId: company.id, details: '' },
  });
  const { errors } = form.formState;
  const screenshot = useWatch({ control: form.control, name: 'screenshotPath' });
  const pending = submit.isPending || block.isPending;

  // The block is part of the sending: until it is answered too, another tap does not report the company again.
  const onSubmit = form.handleSubmit((values) =>
    sendOnce(async () => {
      await submit.mutateAsync(values, {
        onError: (error) => toast({ variant: 'destructive', title: t('reportForm.failed'), description: errorMessage(error, t('reportForm.failed')) }),
      });
      // Reported either way: a block that failed does not hold the person here.
      if (alsoBlock) await block.mutateAsync({ companyId: company.id, blocked: true }).catch(() => {});
      onDone();
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset aria-describedby={errors.reason ? 'reason-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('reportForm.reason')}</legend>
        <div className="mt-2 grid gap-2">
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="flex min-h-11 items-center gap-3 rounded-lg border border-slate-300 px-3 text-slate-900 has-checked:border-brand-600 has-checked:bg-brand-50">
              <input type="radio" value={reason} className="h-5 w-5 accent-brand-700" {...form.register('reason')} />
              {t(`reportForm.reasons.${reason}`)}
            </label>
          ))}
        </div>
        {errors.reason && (
          <p id="reason-error" role="alert" className="mt-1 text-sm font-medium text-red-700">
            {translateValidation(t, errors.reason.message)}
          </p>
        )}
      </fieldset>
      <Field id="report-details" label={t('reportForm.details')} hint={t('reportForm.detailsHint')} error={translateValidation(t, errors.details?.message)}>
        {(ids) => <Textarea {...ids} rows={5} maxLength={REPORT_DETAILS_MAX} {...form.register('details')} />}
      </Field>
      <Field id="report-screenshot-path" group label={t('reportForm.screenshot')} hint={t('reportForm.screenshotHint')} error={translateValidation(t, errors.screenshotPath?.message)}>
        {(ids) => (
          <DocumentUpload
            ids={ids}
            value={screenshot}
            accept={{ extensions: IMAGE_EXTENSIONS, refusal: 'upload.image_type' }}
            labels={{ choose: t('reportForm.choose'), replace: t('reportForm.replace'), uploaded: t('reportForm.uploaded'), checking: t('reportForm.checking') }}
            getUploadUrl={requestScreenshotUpload}
            finalize={finalizeScreenshotUpload}
            onUploaded={(path) => form.setValue('screenshotPath', path, { shouldValidate: true })}
            onFailed={(error) => toast({ variant: 'destructive', title: t('reportForm.failed'), description: errorMessage(error, t('reportForm.failed')) })}
          />
        )}
      </Field>
      <label className="flex items-center gap-3 text-slate-900">
        <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={alsoBlock} onChange={(event) => setAlsoBlock(event.currentTarget.checked)} />
        {t('reportForm.block', { company: company.companyName })}
      </label>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={pending}>
        {pending && <Spinner />}
        {pending ? t('reportForm.submitting') : t('reportForm.submit')}
      </Button>
    </form>
  );
}
