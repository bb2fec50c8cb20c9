// Who the company is, as onboarding asks it and /account edits it: name, contact person, phone and e-mail.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, Input } from '@/components/ui/field';
import { translateValidation } from '@/lib/validation-message';

type ContactValues = { companyName: string; contactPerson: string; phone: string; email: string };

export function CompanyContactFields<T extends ContactValues>({ register, errors }: { register: UseFormRegister<T>; errors: FieldErrors<T> }) {
  const { t } = useTranslation('company');
  const reg = register as unknown as UseFormRegister<ContactValues>;
  const err = errors as FieldErrors<ContactValues>;
  const message = (m?: string) => translateValidation(t, m);
  return (
    <>
      <Field label={t('onboarding.companyName')} required error={message(err.companyName?.message)}>
        {(ids) => <Input {...ids} autoComplete="organization" {...reg('companyName')} />}
      </Field>
      <Field label={t('onboarding.contactPerson')} required error={message(err.contactPerson?.message)}>
        {(ids) => <Input {...ids} autoComplete="name" {...reg('contactPerson')} />}
      </Field>
      <Field label={t('onboarding.phone')} required error={message(err.phone?.message)}>
        {(ids) => <Input {...ids} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder="+971 4 123 4567" {...reg('phone')} />}
      </Field>
      <Field label={t('onboarding.email')} required hint={t('onboarding.emailHint')} error={message(err.email?.message)}>
        {(ids) => <Input {...ids} type="email" inputMode="email" autoComplete="email" dir="ltr" {...reg('email')} />}
      </Field>
    </>
  );
}
