// A new password on /account (the current one first); the devices it is signed in on follow it (account-data).
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { changePasswordSchema } from '#shared/auth.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useChangePassword } from '../api/change-password';
import { PasswordField } from './password-field';

export function AccountSecurity({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('auth');
  const change = useChangePassword();
  const sendOnce = useSendOnce();
  const form = useForm<z.input<typeof changePasswordSchema>, unknown, z.output<typeof changePasswordSchema>>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const failed = (error: unknown) => toast({ variant: 'destructive', title: t('security.failed'), description: errorMessage(error, t('security.failed')) });

  return (
    <div className="space-y-8">
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((values) =>
            sendOnce(() =>
              change.mutateAsync(hasPassword ? values : { newPassword: values.newPassword }, {
                onSuccess: () => {
                  form.reset();
                  toast({ variant: 'success', title: t('security.passwordChanged') });
                },
                onError: failed,
              }),
            ),
          )(event)
        }
      >
        <h3 className="font-semibold text-slate-900">{t('security.passwordHeading')}</h3>
        {hasPassword && (
          <PasswordField
            id="security-current-password"
            label={t('security.currentPassword')}
            autoComplete="current-password"
            error={translateValidation(t, errors.currentPassword?.message)}
            registration={form.register('currentPassword')}
          />
        )}
        <PasswordField
          id="security-new-password"
          label={t('security.newPassword')}
          hint={t('security.newPasswordHint')}
          autoComplete="new-password"
          error={translateValidation(t, errors.newPassword?.message)}
          registration={form.register('newPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          {t('security.changePassword')}
        </Button>
      </form>
    </div>
  );
}
