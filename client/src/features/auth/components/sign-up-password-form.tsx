import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { loginSchema } from '#shared/auth.ts';
import { useSendOnce } from '@/hooks/use-send-once';
import { translateValidation } from '@/lib/validation-message';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

const formSchema = loginSchema.pick({ password: true });

/** The password chosen at sign-up, typed once, for the confirmation link opened in another browser. */
export function SignUpPasswordForm(props: { pending: boolean; error?: string | undefined; onSubmit: (password: string) => Promise<unknown> }) {
  const { t } = useTranslation('auth');
  const form = useForm<z.input<typeof formSchema>>({ resolver: zodResolver(formSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const sendOnce = useSendOnce();
  return (
    <form onSubmit={(event) => void form.handleSubmit(({ password }) => sendOnce(() => props.onSubmit(password)))(event)} noValidate className="space-y-5">
      <PasswordField
        id="verify-email-password"
        label={t('fields.password')}
        error={translateValidation(t, errors.password?.message) ?? props.error}
        autoComplete="current-password"
        registration={form.register('password')}
      />
      <SubmitButton pending={props.pending} label={t('verify.signInSubmit')} pendingLabel={t('verify.signingIn')} />
    </form>
  );
}
