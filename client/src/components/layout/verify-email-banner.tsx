import { useState } from 'react';
import { MailWarning, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser, useResendVerification } from '@/lib/auth';
import { ltr, ltrValues } from '@/lib/ltr-values';

// Hidden for the rest of the browser tab's session once closed; it comes back in the next one until the address is
// confirmed.
const HIDDEN_KEY = 'wazifa.verify-banner-hidden';

function hiddenThisSession(): boolean {
  try {
    return sessionStorage.getItem(HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks a signed-in user to confirm their address, in one line under the top bar that scrolls away with the page (a
 * phone's screen is for the form); the product works before they do.
 */
export function VerifyEmailBanner() {
  const { user } = useCurrentUser();
  // The tab's storage is read only for someone the banner is for: a first read of it can hold a phone's page for
  // tens of milliseconds, and most pages are shown to visitors.
  if (!user || user.emailVerified || !user.email) return null;
  return <UnconfirmedAddressBanner email={user.email} />;
}

function UnconfirmedAddressBanner({ email }: { email: string }) {
  const { t } = useTranslation();
  const resend = useResendVerification();
  const [hidden, setHidden] = useState(hiddenThisSession);
  if (hidden) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50 print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 text-sm text-amber-950 sm:px-6 lg:px-8">
        <MailWarning aria-hidden="true" className="h-4 w-4 shrink-0" />
        {/* One line: a long address is cut short with an ellipsis on screen (its start shows); it is still read out whole. */}
        <p className="flex min-w-0 flex-1 gap-1 overflow-hidden whitespace-nowrap">
          {ltrValues(t('verifyBanner.text', { email: ltr(email) }), 'min-w-0 truncate')}
        </p>
        <button
          type="button"
          className="min-h-10 shrink-0 font-semibold underline underline-offset-2 disabled:opacity-60"
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
        <button
          type="button"
          className="-me-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md hover:bg-amber-100"
          aria-label={t('verifyBanner.hide')}
          onClick={() => {
            setHidden(true);
            try {
              sessionStorage.setItem(HIDDEN_KEY, '1');
            } catch {
              // Storage refused (a private window): hidden on this page only.
            }
          }}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
