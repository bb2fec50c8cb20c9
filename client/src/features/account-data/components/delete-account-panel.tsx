// "Delete my account": what happens is said first; then the password confirms it (an account without one signs in
// again with its OpenID provider and comes back here). The profile leaves the search and every device is signed out
// at once; the rest is erased within a day.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { currentUserQuery } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { publicConfig } from '@/lib/public-config';
import { useDeleteAccount } from '../api/delete-account';


export function DeleteAccountPanel(props: {
  hasPassword: boolean;
  /** The page a fresh OpenID sign-in comes back to. */
  returnTo: '/profile' | '/account';
  /** The company the account owns, which closes with it. */
  ownedCompany?: string;
  /** A company's account: it has no profile to hide, only its access to the database. */
  inCompany?: boolean;
}) {
  const { t } = useTranslation('account-data');
  // Back from signing in again to confirm: the form is open.
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === '#delete-account');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const remove = useDeleteAccount();
  const sendOnce = useSendOnce();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const provider = publicConfig.oidcProviderName ?? '';
  // Opening and cancelling replace the button that had the focus: it moves to the form's warning, read first (not to
  // the password, which would open a phone's keyboard over the warning), and back to the button, so a keyboard or a
  // screen reader does not fall back to the page's start. Not on the page's first render, when the form opens by
  // itself on the way back from the provider.
  const section = useRef<HTMLElement>(null);
  const focusFollows = useRef(false);
  useEffect(() => {
    if (!focusFollows.current) return;
    section.current?.querySelector<HTMLElement>(open ? 'form [tabindex="-1"]' : 'button[aria-expanded]')?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    focusFollows.current = true;
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    if (props.hasPassword && !password) {
      setError(t('deletion.passwordMissing'));
      return;
    }
    void sendOnce(() =>
      remove.mutateAsync(props.hasPassword ? { password } : {}, {
        onSuccess: () => {
          // Signed out everywhere: nothing of the account stays in the page. The account's page is left first, at once,
          // so that none of its parts, finding its data gone, asks the server for it again (a 401 for each).
          queryClient.setQueryData(currentUserQuery.queryKey, null);
          flushSync(() => navigate('/', { replace: true }));
          queryClient.clear();
          queryClient.setQueryData(currentUserQuery.queryKey, null);
          toast({ variant: 'success', title: t('deletion.done'), description: t('deletion.doneText') });
        },
        onError: (failure) => setError(errorMessage(failure, t('deletion.failed'))),
      }),
    );
  };

  return (
    <section ref={section} id="delete-account" aria-labelledby="delete-account-heading" className="space-y-3">
      <h3 id="delete-account-heading" className="font-semibold text-red-800">
        {t('deletion.heading')}
      </h3>
      <ul className="list-disc space-y-1 ps-5 text-sm text-slate-700">
        <li>{props.inCompany ? t('deletion.whatNowTeam') : t('deletion.whatNow')}</li>
        <li>{props.inCompany ? t('deletion.whatLaterTeam') : t('deletion.whatLater')}</li>
        {props.ownedCompany && <li>{t('deletion.whatCompany', { company: props.ownedCompany })}</li>}
        <li>{t('deletion.whatCopy')}</li>
      </ul>
      {!open ? (
        <Button variant="danger-outline" aria-expanded={false} onClick={() => toggle(true)}>
          <Trash2 aria-hidden="true" className="h-4 w-4" />
          {t('deletion.start')}
        </Button>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4">
          <p tabIndex={-1} className="text-sm font-semibold text-red-900 focus:outline-none">
            {t('deletion.cannotUndo')}
          </p>
          {props.hasPassword ? (
            <Field id="delete-account-password" label={t('deletion.password')} hint={t('deletion.confirmHint')} error={error}>
              {(ids) => (
                <PasswordInput
                  {...ids}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  showLabel={t('deletion.showPassword')}
                  hideLabel={t('deletion.hidePassword')}
                />
              )}
            </Field>
          ) : (
            <div className="space-y-2 text-sm text-slate-800">
              <p>{t('deletion.reauthHint', { provider })}</p>
              <a href={`/api/login?fresh=1&next=${props.returnTo}`} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                {t('deletion.reauth', { provider })}
              </a>
              {error && (
                <p role="alert" className="font-medium text-red-700">
                  {error}
                </p>
              )}
            </div>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" disabled={remove.isPending}>
              {remove.isPending && <Spinner />}
              {t('deletion.confirm')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                toggle(false);
                setPassword('');
                setError(undefined);
              }}
            >
              {t('deletion.cancel')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
