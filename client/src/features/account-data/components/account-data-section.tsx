// The account's own part of /profile and /account: where it is signed in, a copy of its data (and, for a company's
// owner, of the company's), and deleting it.
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useCurrentUser } from '@/lib/auth';
import { DataExportPanel } from './data-export-panel';
import { DeleteAccountPanel } from './delete-account-panel';
import { SessionList } from './session-list';

export function AccountDataSection(props: { returnTo: '/profile' | '/account'; className?: string }) {
  const { t } = useTranslation('account-data');
  const { user } = useCurrentUser();
  const ownedCompany = user?.companyRole === 'owner' ? user.company?.companyName : undefined;
  const inCompany = user?.role === 'company';
  return (
    <Card className={props.className ?? 'p-5 sm:p-6'} role="region" aria-labelledby="account-data-heading">
      <h2 id="account-data-heading" className="text-lg font-semibold text-slate-900">
        {t('section.title')}
      </h2>
      <div className="mt-4 space-y-8">
        <section aria-labelledby="sessions-heading" className="space-y-3">
          <h3 id="sessions-heading" className="font-semibold text-slate-900">
            {t('sessions.heading')}
          </h3>
          <SessionList />
        </section>
        <div className="border-t border-slate-200 pt-6">
          <DataExportPanel scope="person" inCompany={inCompany} />
        </div>
        {ownedCompany && (
          <div className="border-t border-slate-200 pt-6">
            <DataExportPanel scope="company" companyName={ownedCompany} />
          </div>
        )}
        <div className="border-t border-slate-200 pt-6">
          <DeleteAccountPanel hasPassword={user?.hasPassword ?? true} returnTo={props.returnTo} ownedCompany={ownedCompany} inCompany={inCompany} />
        </div>
      </div>
    </Card>
  );
}
