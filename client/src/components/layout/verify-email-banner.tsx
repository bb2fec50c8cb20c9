import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser, useResendVerification } from '@/lib/auth';

/** Asks a signed-in user to confirm their address; the product works before they do. */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const resend = useResendVerification();
  if (!user || user.emailVerified || !user.email) return null;
  return (
    <div className="border-t border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 text-sm text-amber-950 sm:px-6 lg:px-8">
        <p className="min-w-0 break-words">{t('verifyBanner.text', { email: user.email })}</p>
        <button
          type="button"
          className="font-semibold underline underline-offset-2 disabled:opacity-60"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: () => toast({ variant: 'success', title: t('verifyBanner.sent'), description: t('verifyBanner.sentBody') }),
              onError: (error) =>
                toast({ variant: 'destructive', title: t('verifyBanner.failed'), description: errorMessage(error, t('verifyBanner.failed')) }),
            })
          }
        >
          {resend.isPending ? t('verifyBanner.sending') : resend.isSuccess ? t('verifyBanner.sent') : t('verifyBanner.resend')}
        </button>
      </div>
    </div>
  );
}
