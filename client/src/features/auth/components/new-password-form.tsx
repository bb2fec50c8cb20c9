import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { resetPasswordSchema } from '#shared/auth.ts';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { useSendOnce } from '@/hooks/use-send-once';
import { translateValidation } from '@/lib/validation-message';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

const MISMATCH = 'The passwords do not match';
const formSchema = resetPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: MISMATCH });

/** A new password typed twice, for the links that set one (password reset, e-mail confirmation). */
export function NewPasswordForm(props: { submitLabel: string; submittingLabel: string; pending: boolean; onSubmit: (password: string) => Promise<unknown> }) {
  const { t } = useTranslation('auth');
  const form = useForm<z.input<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const sendOnce = useSendOnce();

  return (
    <form onSubmit={(event) => void form.handleSubmit(({ password }) => sendOnce(() => props.onSubmit(password)))(event)} noValidate className="space-y-5">
      <PasswordField
        id="new-password"
        label={t('fields.newPassword')}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={translateValidation(t, errors.password?.message)}
        autoComplete="new-password"
        registration={form.register('password')}
      />
      <PasswordField
        id="new-password-confirm"
        label={t('fields.confirmPassword')}
        error={errors.confirmPassword?.message === MISMATCH ? t('reset.mismatch') : translateValidation(t, errors.confirmPassword?.message)}
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
      />
      <SubmitButton pending={props.pending} label={props.submitLabel} pendingLabel={props.submittingLabel} />
    </form>
  );
}
