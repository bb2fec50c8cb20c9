// Who the company is, as onboarding asks it and /account edits it: name, contact person, phone and e-mail.
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '@/components/ui/field';
import { translateValidation } from '@/lib/validation-message';

type ContactValues = { companyName: string; contactPerson: string; phone: string; email: string };

/** The four fields in any form that has them: `register` is that form's, for these names only. */
export function CompanyContactFields({
  register: reg,
  errors: err,
}: {
  register: (name: keyof ContactValues) => UseFormRegisterReturn;
  errors: FieldErrors<ContactValues>;
}) {
  const { t } = useTranslation('company');
  const message = (m?: string) => translateValidation(t, m);
  return (
    <>
      <Field id="company-company-name" label={t('onboarding.companyName')} required error={message(err.companyName?.message)}>
        {(ids) => <Input {...ids} autoComplete="organization" {...reg('companyName')} />}
      </Field>
      <Field id="company-contact-person" label={t('onboarding.contactPerson')} required error={message(err.contactPerson?.message)}>
        {(ids) => <Input {...ids} autoComplete="name" {...reg('contactPerson')} />}
      </Field>
      <Field id="company-phone" label={t('onboarding.phone')} required error={message(err.phone?.message)}>
        {(ids) => <Input {...ids} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder="+971 4 123 4567" {...reg('phone')} />}
      </Field>
      <Field id="company-email" label={t('onboarding.email')} required hint={t('onboarding.emailHint')} error={message(err.email?.message)}>
        {(ids) => <Input {...ids} type="email" inputMode="email" autoComplete="email" dir="ltr" {...reg('email')} />}
      </Field>
    </>
  );
}
