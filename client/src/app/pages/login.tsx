import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { HydrateInTurn } from '@/components/layout/hydrate-in-turn';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SignInForm, SignUpForm } from '@/features/auth/components/auth-form';
import { invitationQuery } from '@/features/team/api/get-invitation';
import { usePageTitle } from '@/hooks/use-page-title';
import { publicConfig } from '@/lib/public-config';
import { clsx } from 'clsx';
import { chosenPlan, planQuery } from '@/lib/chosen-plan';
import type { Role } from '#shared/constants.ts';
import { ltr, ltrValues } from '@/lib/ltr-values';

const ROLE_BY_TYPE: Record<string, Role> = { candidate: 'job_seeker', 'job-seeker': 'job_seeker', job_seeker: 'job_seeker', company: 'company' };

/** What to tell the user for the reason /api/callback gave when it refused a provider sign-in (server/routes/oidc.ts). */
function oidcFailureMessage(reason: string | null) {
  if (reason === 'email_taken') return 'oidc.emailTaken';
  if (reason === 'suspended') return 'oidc.suspended';
  return 'oidc.failed';
}

/** /login and /signup are one screen; ?type=candidate|company carries the role to sign-up. */
export default function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const [location] = useLocation();
  const params = new URLSearchParams(useSearch());
  const type = params.get('type') ?? '';
  const role = ROLE_BY_TYPE[type];
  const mode = location === '/signup' ? 'signUp' : 'signIn';
  const plan = role === 'company' ? chosenPlan(params.toString()) : undefined;
  const invite = params.get('invite');
  const typeQuery = role ? `?type=${role === 'company' ? 'company' : 'candidate'}${planQuery(plan, '&')}` : '';
  // An invitation to a team stays with the visitor between the two tabs, and is opened again once signed in.
  const query = invite ? `${typeQuery}${typeQuery ? '&' : '?'}invite=${encodeURIComponent(invite)}` : typeQuery;
  // The address it went to fills the e-mail field (already known from the invitation's page that sent them here).
  const invitedEmail = useQuery({ ...invitationQuery(invite ?? ''), enabled: !!invite }).data?.email;
  usePageTitle(t(`${mode}.title`));
  // A job seeker's next page is the profile form: its code and texts come while the person types here, so it shows
  // at once after sign-up on a slow connection.
  useEffect(() => {
    if (mode !== 'signUp' || role !== 'job_seeker') return;
    void import('./create-profile');
    void i18n.loadNamespaces(['profile', 'options', 'uploader']);
  }, [mode, role, i18n]);

  const subheading =
    mode === 'signIn'
      ? t('signIn.subheading')
      : role === 'company'
        ? t('signUp.subheadingCompany')
        : role === 'job_seeker'
          ? publicConfig.earlyAccessActive
            ? t('signUp.subheadingCandidate')
            : t('signUp.subheadingCandidatePlain')
          : t('signUp.subheading');

  const tabClass = (active: boolean) =>
    clsx(
      'flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold',
      active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
    );

  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t(`${mode}.heading`)}</h1>
        <p className="mt-2 text-slate-700">{subheading}</p>

        <nav aria-label={t('tabs.label')} className="mt-6 flex gap-1 rounded-lg bg-slate-100 p-1">
          <Link href={`/login${query}`} className={tabClass(mode === 'signIn')} aria-current={mode === 'signIn' ? 'page' : undefined}>
            {t('tabs.signIn')}
          </Link>
          <Link href={`/signup${query}`} className={tabClass(mode === 'signUp')} aria-current={mode === 'signUp' ? 'page' : undefined}>
            {t('tabs.signUp')}
          </Link>
        </nav>

        <Card className="mt-6 p-5 sm:p-6">
          {params.get('error') === 'oidc' && publicConfig.oidcProviderName && (
            <p role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {ltrValues(
                t(oidcFailureMessage(params.get('reason')), {
                  provider: publicConfig.oidcProviderName,
                  supportEmail: ltr(publicConfig.supportEmail),
                }),
              )}
            </p>
          )}
          {mode === 'signUp' && role && (
            <p className="mb-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
              {t(role === 'company' ? 'accountType.company' : 'accountType.candidate')}{' '}
              <Link href="/get-started" className="font-semibold underline underline-offset-2">
                {t('accountType.change')}
              </Link>
            </p>
          )}
          {publicConfig.oidcProviderName && (
            <>
              <a href={`/api/login${query}`} className={buttonClasses({ variant: 'outline', size: 'lg', className: 'w-full' })}>
                {t('oidc.continue', { provider: publicConfig.oidcProviderName })}
              </a>
              <div className="my-5 flex items-center gap-3 text-sm text-slate-600">
                <span className="h-px flex-1 bg-slate-200" />
                {t('oidc.or')}
                <span className="h-px flex-1 bg-slate-200" />
              </div>
            </>
          )}
          <HydrateInTurn>{mode === 'signIn' ? <SignInForm email={invitedEmail} /> : <SignUpForm role={role} email={invitedEmail} />}</HydrateInTurn>
        </Card>
      </section>
    </PageShell>
  );
}
