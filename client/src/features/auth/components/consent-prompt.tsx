// Shown instead of every route to an account that has a profile or a company and has not agreed to the privacy
// policy and terms in force (they changed since, or it never did): read them, agree, and go on; or sign out.
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LEGAL_LAST_UPDATED } from '#shared/constants.ts';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { usePageTitle } from '@/hooks/use-page-title';
import { useLogOut } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { useAgreeToDocuments } from '../api/agree-to-documents';

export function ConsentPrompt() {
  const { t } = useTranslation('auth');
  const { t: common } = useTranslation();
  usePageTitle(t('consent.title'));
  const agree = useAgreeToDocuments();
  const logOut = useLogOut();
  return (
    <PageShell showAccountActions={false} footer={false}>
      <section className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{t('consent.title')}</h1>
        <p className="mt-2 text-slate-700">{t('consent.body', { date: formatDate(LEGAL_LAST_UPDATED) })}</p>
        <Card className="mt-6 space-y-3 p-5">
          {[
            { href: '/privacy-policy', label: t('consent.privacy') },
            { href: '/terms-of-service', label: t('consent.terms') },
          ].map((doc) => (
            <a key={doc.href} href={doc.href} target="_blank" rel="noopener" className="flex items-center gap-2 font-medium text-brand-800 underline underline-offset-2">
              <FileText aria-hidden="true" className="h-5 w-5 shrink-0" />
              {doc.label}
            </a>
          ))}
        </Card>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button
            size="lg"
            disabled={agree.isPending}
            onClick={() =>
              agree.mutate(LEGAL_LAST_UPDATED, {
                onError: (error) => toast({ variant: 'destructive', title: t('consent.failed'), description: errorMessage(error, t('consent.failed')) }),
              })
            }
          >
            {agree.isPending && <Spinner />}
            {t('consent.agree')}
          </Button>
          <Button size="lg" variant="outline" disabled={logOut.isPending} onClick={() => logOut.mutate()}>
            {common('nav.signOut')}
          </Button>
        </div>
      </section>
    </PageShell>
  );
}
