import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Briefcase, Building2, Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { TIMING, type Role } from '#shared/constants.ts';
import { Logo } from '@/components/layout/logo';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { apiRequest } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { currentUserQuery, useLogOut } from '@/lib/auth';
import type { CurrentUser } from '#shared/auth.ts';
import { clsx } from 'clsx';
import { useSetRole } from '../api/set-role';

/** Shown instead of every route to a signed-in user with no role yet. */
export function RoleSelection() {
  const { t } = useTranslation('auth');
  usePageTitle(t('roles.title'));
  const [, navigate] = useLocation();
  const [role, setRoleChoice] = useState<Role | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const setRole = useSetRole();
  const { t: common } = useTranslation();
  // Signing out is the way back: with no role, every page of the product is this one.
  const logOut = useLogOut();
  const signOut = () => logOut.mutate(undefined, { onError: () => toast({ variant: 'destructive', title: common('nav.signOutFailed') }) });
  const queryClient = useQueryClient();
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  /**
   * The current user is refreshed, the success message appears, and a second later the user goes to /.
   * The refreshed user is fetched at once but put in the cache only when leaving: App shows this screen for as
   * long as the cached user has no role, so caching it earlier would take the message's second away.
   */
  const finish = async () => {
    setRedirecting(true);
    const refreshed = await apiRequest('GET', currentUserQuery.queryKey.join('/'))
      .then((res) => res.json() as Promise<CurrentUser>)
      .catch(() => undefined);
    toast({ variant: 'success', title: t('roles.success'), description: t('roles.successBody') });
    redirectTimer.current = setTimeout(() => {
      navigate('/');
      // Should the refresh have failed, the user is fetched again on the way out instead.
      if (refreshed) queryClient.setQueryData(currentUserQuery.queryKey, refreshed);
      else void setRole.refreshUser();
    }, TIMING.roleRedirectMs);
  };

  const submit = () => {
    if (!role) return;
    setRole.mutate(role, {
      onSuccess: () => void finish(),
      onError: (error) => toast({ variant: 'destructive', title: t('roles.error'), description: errorMessage(error, t('roles.failed')) }),
    });
  };

  const options: Array<{ value: Role; title: string; body: string; Icon: typeof Briefcase }> = [
    { value: 'job_seeker', title: t('roles.jobSeeker'), body: t('roles.jobSeekerBody'), Icon: Briefcase },
    { value: 'company', title: t('roles.company'), body: t('roles.companyBody'), Icon: Building2 },
  ];

  return (
    <div className="flex min-h-screen flex-col bg-sand-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4">
          <Logo />
          <button type="button" className={buttonClasses({ variant: 'outline', size: 'sm' })} disabled={logOut.isPending} onClick={signOut}>
            {logOut.isPending ? common('nav.signingOut') : common('nav.signOut')}
          </button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:py-16">
        <h1 className="text-center text-3xl font-bold text-slate-900">{t('roles.title')}</h1>
        <p className="mt-2 text-center text-slate-700">{t('roles.subtitle')}</p>
        <div role="radiogroup" aria-label={t('roles.subtitle')} className="mt-8 grid gap-4 sm:grid-cols-2">
          {options.map(({ value, title, body, Icon }) => {
            const selected = role === value;
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={selected}
                onClick={() => setRoleChoice(value)}
                className={clsx(
                  'relative flex flex-col items-start gap-3 rounded-2xl border-2 bg-white p-6 text-start shadow-sm transition',
                  selected ? 'border-brand-700 ring-2 ring-brand-200' : 'border-slate-200 hover:border-slate-400',
                )}
              >
                <Icon aria-hidden="true" className="h-8 w-8 text-brand-700" />
                <span className="text-lg font-semibold text-slate-900">{title}</span>
                <span className="text-sm text-slate-700">{body}</span>
                {selected && <Check aria-hidden="true" className="absolute end-4 top-4 h-6 w-6 text-brand-700" />}
              </button>
            );
          })}
        </div>
        <div className="mt-8 flex justify-center">
          <Button size="lg" className="w-full sm:w-64" disabled={!role || setRole.isPending || redirecting} onClick={submit}>
            {setRole.isPending && <Spinner />}
            {setRole.isPending ? t('roles.settingUp') : t('roles.continue')}
          </Button>
        </div>
        <p className="mt-6 text-center">
          <button type="button" className="font-medium text-brand-800 underline underline-offset-2" disabled={logOut.isPending} onClick={signOut}>
            {t('roles.notNow')}
          </button>
        </p>
      </main>
    </div>
  );
}
