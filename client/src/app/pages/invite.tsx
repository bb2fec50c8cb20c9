// /invite?token=…: the invitation of the e-mail's link. Who invites you to which company; then, signed in with the
// invited address, Join. Signed out: create an account or sign in, and come back here to join.
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConsentNotice } from '@/components/legal/consent-notice';
import { Link, useLocation, useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingScreen, Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/hooks/use-toast';
import { useMutation } from '@tanstack/react-query';
import { logOut, useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { useAcceptInvitation } from '@/features/team/api/accept-invitation';
import { useInvitation } from '@/features/team/api/get-invitation';
import { ltr, ltrValues } from '@/lib/ltr-values';

export default function InvitePage() {
  const { t } = useTranslation('team');
  usePageTitle(t('invitation.title'));
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const { user } = useCurrentUser();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  // Signed in as someone else: out, then to sign-in with the invitation kept.
  const switching = useMutation({ mutationFn: logOut });
  const [, navigate] = useLocation();
  const back = encodeURIComponent(token);

  if (invitation.isPending) return <LoadingScreen />;
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
        <Card className="p-6 sm:p-8">
          <Building2 aria-hidden="true" className="h-10 w-10 text-brand-700" />
          {invitation.isError || !invitation.data ? (
            <>
                <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('invitation.invalidTitle')}</h1>
                <p className="mt-3 text-slate-700">{errorMessage(invitation.error, t('invitation.invalid'))}</p>
            </>
          ) : (
            <>
                <h1 className="mt-4 text-2xl font-bold text-slate-900">{t('invitation.heading', { company: invitation.data.companyName })}</h1>
                <p className="mt-3 text-slate-700 [overflow-wrap:anywhere]">
                  {invitation.data.invitedBy
                    ? ltrValues(t('invitation.byWhom', { name: invitation.data.invitedBy, email: ltr(invitation.data.email) }))
                    : ltrValues(t('invitation.forWhom', { email: ltr(invitation.data.email) }))}
                </p>
                {!user ? (
                  <div className="mt-6 flex flex-wrap gap-3">
                    <Link href={`/signup?type=company&invite=${back}`} className={buttonClasses({ size: 'lg' })}>
                      {t('invitation.signUp')}
                    </Link>
                    <Link href={`/login?invite=${back}`} className={buttonClasses({ size: 'lg', variant: 'outline' })}>
                      {t('invitation.signIn')}
                    </Link>
                  </div>
                ) : user.email?.toLowerCase() !== invitation.data.email ? (
                  <div className="mt-6 space-y-3">
                    <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 [overflow-wrap:anywhere]">{ltrValues(t('invitation.otherAccount', { email: ltr(invitation.data.email), current: ltr(user.email ?? '') }))}</p>
                    <Button
                      variant="outline"
                      disabled={switching.isPending}
                      onClick={() => switching.mutate(undefined, { onSuccess: () => window.location.assign(`/login?invite=${back}`) })}
                    >
                      {t('invitation.switch')}
                    </Button>
                  </div>
                ) : (
                  <>
                  <ConsentNotice namespace="team" text="invitation.consent" className="mt-6" />
                  <Button
                    size="lg"
                    className="mt-4"
                    disabled={accept.isPending}
                    onClick={() =>
                      accept.mutate(token, {
                        onSuccess: ({ companyName }) => {
                          toast({ variant: 'success', title: t('invitation.joined', { company: companyName }) });
                          navigate('/dashboard');
                        },
                        onError: (error) => toast({ variant: 'destructive', title: t('invitation.failed'), description: errorMessage(error, t('invitation.failed')) }),
                      })
                    }
                  >
                    {accept.isPending && <Spinner />}
                    {t('invitation.join', { company: invitation.data.companyName })}
                  </Button>
                </>
              )}
            </>
          )}
        </Card>
      </section>
    </PageShell>
  );
}
