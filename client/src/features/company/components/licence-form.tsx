// The trade licence on /account: what our team checks before job seekers see the company as a verified employer
// (its public page, /employers/<slug>, and every list a job seeker sees it in). A change takes the mark away until
// it is checked again.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { CompanyView } from '#shared/company.ts';
import { companyLicenceSchema, LICENCE_EXTENSIONS, LICENCE_ISSUERS } from '#shared/employers.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { DocumentUpload } from '@/components/upload/document-upload';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { translateValidation } from '@/lib/validation-message';
import { finalizeLicenceUpload } from '../api/finalize-licence-upload';
import { requestLicenceUpload } from '../api/request-licence-upload';
import { useSetCompanyLicence } from '../api/set-company-licence';

export function LicenceForm({ company }: { company: CompanyView }) {
  const { t, i18n } = useTranslation('company');
  const sendOnce = useSendOnce();
  const save = useSetCompanyLicence();
  const form = useForm<z.input<typeof companyLicenceSchema>, unknown, z.output<typeof companyLicenceSchema>>({
    resolver: zodResolver(companyLicenceSchema),
    defaultValues: {
      tradeLicenceNumber: company.tradeLicenceNumber ?? '',
      licenceIssuer: company.licenceIssuer ?? undefined,
      licenceExpiresOn: company.licenceExpiresOn ?? '',
      documentPath: company.licenceDocumentPath ?? undefined,
    },
  });
  const { errors } = form.formState;
  const document = useWatch({ control: form.control, name: 'documentPath' });
  const message = (m?: string) => translateValidation(t, m);
  const issuerName = (issuer: string) =>
    issuer.startsWith('AE-') ? t(`licence.issuers.${issuer}`) : (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(issuer) ?? issuer);
  return (
    <div className="space-y-4">
      <p className="flex flex-wrap items-center gap-2 text-sm" role="status">
        {company.employerVerified ? (
          <span className="inline-flex items-center gap-1 font-semibold text-brand-800">
            <BadgeCheck aria-hidden="true" className="h-5 w-5" />
            {t('licence.verified', { date: company.licenceExpiresOn ? formatDate(company.licenceExpiresOn) : '' })}
          </span>
        ) : (
          <span className="text-slate-700">{company.licenceDocumentPath ? t('licence.waiting') : t('licence.intro')}</span>
        )}
        {company.slug && (
          <a href={`/employers/${company.slug}`} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2">
            {t('licence.publicPage')}
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
          </a>
        )}
      </p>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            sendOnce(() =>
              save.mutateAsync(values, {
                onSuccess: () => toast({ variant: 'success', title: t('licence.saved') }),
                onError: (error) => toast({ variant: 'destructive', title: t('licence.failed'), description: errorMessage(error, t('licence.failed')) }),
              }),
            ),
          )(event)
        }
      >
        <div className="grid gap-5 sm:grid-cols-3">
          <Field id="licence-trade-licence-number" label={t('licence.number')} error={message(errors.tradeLicenceNumber?.message)}>
            {(ids) => <Input {...ids} maxLength={40} dir="ltr" {...form.register('tradeLicenceNumber')} />}
          </Field>
          <Field id="licence-licence-issuer" label={t('licence.issuer')} error={message(errors.licenceIssuer?.message)}>
            {(ids) => (
              <Select {...ids} {...form.register('licenceIssuer')}>
                <option value="">{t('licence.chooseIssuer')}</option>
                {LICENCE_ISSUERS.map((issuer) => (
                  <option key={issuer} value={issuer}>
                    {issuerName(issuer)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field id="licence-licence-expires-on" label={t('licence.expires')} error={message(errors.licenceExpiresOn?.message)}>
            {(ids) => <Input {...ids} type="date" {...form.register('licenceExpiresOn')} />}
          </Field>
        </div>
        <Field id="licence-document-path" group label={t('licence.document')} hint={t('licence.documentHint')} error={message(errors.documentPath?.message)}>
          {(ids) => (
            <DocumentUpload
              ids={ids}
              value={document}
              accept={{ extensions: LICENCE_EXTENSIONS, refusal: 'upload.licence_type' }}
              labels={{ choose: t('licence.choose'), replace: t('licence.replace'), uploaded: t('licence.uploaded'), checking: t('licence.checking') }}
              getUploadUrl={requestLicenceUpload}
              finalize={finalizeLicenceUpload}
              onUploaded={(path) => form.setValue('documentPath', path, { shouldValidate: true })}
              onFailed={(error) => toast({ variant: 'destructive', title: t('licence.failed'), description: errorMessage(error, t('licence.failed')) })}
            />
          )}
        </Field>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {t('licence.save')}
        </Button>
      </form>
    </div>
  );
}
