import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';

/** A labelled password box with show/hide, wired to a react-hook-form field. */
export function PasswordField(props: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation('auth');
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      {(ids) => (
        <PasswordInput
          {...ids}
          autoComplete={props.autoComplete}
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          {...props.registration}
        />
      )}
    </Field>
  );
}
