// The company's details on /account. The invoices issued from now on carry them; issued ones never change.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { companyDetailsSchema, type CompanyView } from '#shared/company.ts';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useUpdateCompanyDetails } from '../api/update-company-details';
import { CompanyContactFields } from './company-contact-fields';

export function CompanyDetailsForm({ company }: { company: CompanyView }) {
  const { t } = useTranslation('company');
  const sendOnce = useSendOnce();
  const update = useUpdateCompanyDetails();
  const form = useForm<z.input<typeof companyDetailsSchema>, unknown, z.output<typeof companyDetailsSchema>>({
    resolver: zodResolver(companyDetailsSchema),
    defaultValues: {
      companyName: company.companyName,
      contactPerson: company.contactPerson,
      phone: company.phone,
      email: company.email,
      tradeLicenceNumber: company.tradeLicenceNumber ?? '',
      vatNumber: company.vatNumber ?? '',
    },
  });
  const { errors } = form.formState;
  const message = (m?: string) => translateValidation(t, m);
  const optional = <span className="font-normal text-slate-600">{t('onboarding.optional')}</span>;
  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) =>
        void form.handleSubmit((values) =>
          sendOnce(() =>
            update.mutateAsync(values, {
              onSuccess: () => toast({ variant: 'success', title: t('account.saved') }),
              onError: (error) => toast({ variant: 'destructive', title: t('account.saveFailed'), description: errorMessage(error, t('account.saveFailed')) }),
            }),
          ),
        )(event)
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <CompanyContactFields register={(name) => form.register(name)} errors={errors} />
        <Field id="company-details-trade-licence-number" label={<>{t('account.tradeLicence')} {optional}</>} error={message(errors.tradeLicenceNumber?.message)}>
          {(ids) => <Input {...ids} maxLength={40} {...form.register('tradeLicenceNumber')} />}
        </Field>
        <Field id="company-details-vat-number" label={<>{t('account.trn')} {optional}</>} hint={t('account.trnHint')} error={message(errors.vatNumber?.message)}>
          {(ids) => <Input {...ids} inputMode="numeric" maxLength={15} dir="ltr" {...form.register('vatNumber')} />}
        </Field>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending && <Spinner />}
        {t('account.save')}
      </Button>
    </form>
  );
}
