// The System page's e-mails given up on, each with its error and a Retry button.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminEmail } from '#shared/admin.ts';
import type { SystemStatus } from '#shared/system-status.ts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useRetryEmail } from '../api/retry-email';
import { when } from './paged-list';
import { Empty, Section } from './system-section';

function FailedEmail({ email }: { email: AdminEmail }) {
  const { t, i18n } = useTranslation('admin');
  const retry = useRetryEmail();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{email.subject}</p>
        <p className="text-sm text-slate-700">
          <bdi dir="ltr" className="[overflow-wrap:anywhere]">
            {email.to}
          </bdi>
          {' · '}
          <bdi dir="ltr">{email.template}</bdi>
          {` · ${t('system.emails.queued', { when: when(email.createdAt, i18n.language) })} · ${t('system.emails.attempts', { count: email.attempts })}`}
        </p>
        {email.lastError && (
          <p className="mt-1 font-mono text-xs text-red-800 [overflow-wrap:anywhere]" dir="ltr">
            {email.lastError}
          </p>
        )}
      </div>
      <Button
        size="sm"
        variant="outline"
        disabled={retry.isPending}
        aria-label={t('system.emails.retryLabel', { to: email.to })}
        onClick={() =>
          retry.mutate(email.id, {
            onSuccess: () => toast({ variant: 'success', title: t('emails.retried') }),
            onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, t('emails.failed')) }),
          })
        }
      >
        {retry.isPending && <Spinner size="sm" />}
        {t('emails.retry')}
      </Button>
    </li>
  );
}

export function FailedEmails({ failed }: { failed: SystemStatus['failedEmails'] }) {
  const { t } = useTranslation('admin');
  return (
    <Section id="system-emails" title={t('system.emails.title')}>
      {failed.items.length === 0 ? (
        <Empty>{t('system.emails.none')}</Empty>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
            {failed.items.map((email) => (
              <FailedEmail key={email.id} email={email} />
            ))}
          </ul>
          {failed.total > failed.items.length && (
            <p className="mt-3 text-sm text-slate-700">
              {t('system.emails.more', { shown: failed.items.length, total: failed.total })}{' '}
              <Link href="/admin/emails" className="font-medium text-brand-800 underline underline-offset-2">
                {t('system.emails.open')}
              </Link>
            </p>
          )}
        </>
      )}
    </Section>
  );
}
