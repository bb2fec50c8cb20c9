// The outbox: what the product sent, logged (no mail server set up) or will send. Links that act for the recipient
// are hidden by the server; opening a message is audited.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { OUTBOX_STATUSES, type AdminEmail } from '#shared/admin.ts';
import { useAdminEmail } from '../api/get-email';
import { useEmailList } from '../api/list-emails';
import { useRetryEmail } from '../api/retry-email';
import { FilterTabs, PagedList, SearchBox, when } from './paged-list';

const STATUS_CLASS: Record<AdminEmail['status'], string> = {
  pending: 'text-slate-700',
  sent: 'text-brand-800',
  logged: 'text-amber-800',
  failed: 'font-semibold text-red-800',
};

function EmailRow({ email }: { email: AdminEmail }) {
  const { t, i18n } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const detail = useAdminEmail(email.id, open);
  const retry = useRetryEmail();
  const bodyId = `email-${email.id}`;
  return (
    <li className="p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <button type="button" className="min-w-0 text-start" aria-expanded={open} aria-controls={open ? bodyId : undefined} onClick={() => setOpen((v) => !v)}>
          <span className="block font-semibold text-slate-900">
            <bdi>{email.subject}</bdi>
          </span>
          {/* Each value in its own direction: side by side in Arabic, the date's parts ran around the address. */}
          <span className="block text-sm text-slate-600">
            <bdi dir="ltr" className="[overflow-wrap:anywhere]">{email.to}</bdi> · <bdi dir="ltr">{email.template}</bdi> · <bdi className="whitespace-nowrap">{when(email.createdAt, i18n.language)}</bdi>
          </span>
        </button>
        <span className="flex items-center gap-2 text-sm">
          <span className={STATUS_CLASS[email.status]}>{t(`emails.status.${email.status}`)}</span>
          {email.status === 'failed' && (
            <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => retry.mutate(email.id, { onSuccess: () => toast({ variant: 'success', title: t('emails.retried') }), onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, t('emails.failed')) }) })}>
              {t('emails.retry')}
            </Button>
          )}
        </span>
      </div>
      {email.lastError && <p className="mt-1 text-xs text-red-800">{email.lastError}</p>}
      {open && (
        <div id={bodyId} className="mt-3 rounded-lg bg-slate-50 p-3">
          <p className="mb-2 text-sm text-slate-700">{t(`emails.delivery.${email.status}`, { when: when(email.sentAt, i18n.language) })}</p>
          {detail.isPending ? <Spinner /> : detail.data ? <pre dir="auto" className="whitespace-pre-wrap break-words font-sans text-sm text-slate-800">{detail.data.text}</pre> : <p>{t('list.failed')}</p>}
        </div>
      )}
    </li>
  );
}

export function EmailList() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<'' | AdminEmail['status']>('');
  const [q, setQ] = useState('');
  const query = useEmailList({ status: status || undefined, q: q || undefined });
  return (
    <>
      <FilterTabs label={t('emails.filter')} value={status} onChange={setStatus} options={(['', ...OUTBOX_STATUSES] as const).map((value) => ({ value, label: t(`emails.status.${value || 'all'}`) }))} />
      <SearchBox label={t('emails.search')} onSearch={setQ} />
      <PagedList query={query} empty={t('emails.empty')}>
        {(items) => <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">{items.map((email) => <EmailRow key={email.id} email={email} />)}</ul>}
      </PagedList>
    </>
  );
}
