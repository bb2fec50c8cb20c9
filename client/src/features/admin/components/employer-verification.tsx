// On a company's console page: the trade licence it gave (number, issuer, expiry, the document) and the verified
// mark job seekers see, given after checking the document, or taken away. Open reports are flagged here too.
import { BadgeCheck, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { AdminCompanyItem } from '#shared/admin.ts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format';
import { useSetEmployerVerification } from '../api/set-employer-verification';

export function EmployerVerification({ company }: { company: AdminCompanyItem }) {
  const { t } = useTranslation('admin');
  const set = useSetEmployerVerification();
  const complete = Boolean(company.tradeLicenceNumber && company.licenceIssuer && company.licenceExpiresOn && company.licenceDocumentPath);
  return (
    <Card className="space-y-3 p-5">
      <h2 className="font-semibold text-slate-900">{t('companies.employer.title')}</h2>
      {company.openReports > 0 && (
        <Link href="/admin/reports" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
          <Flag aria-hidden="true" className="h-4 w-4" />
          {t('companies.employer.openReports', { count: company.openReports })}
        </Link>
      )}
      <dl className="space-y-1 text-sm">
        <div>
          <dt className="inline text-slate-600">{t('companies.employer.number')}: </dt>
          <dd className="inline text-slate-900">{company.tradeLicenceNumber ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('companies.employer.issuer')}: </dt>
          <dd className="inline text-slate-900">{company.licenceIssuer ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline text-slate-600">{t('companies.employer.expires')}: </dt>
          <dd className="inline text-slate-900">{company.licenceExpiresOn ? formatDate(company.licenceExpiresOn) : '—'}</dd>
        </div>
      </dl>
      {company.licenceDocumentPath && (
        <a href={`${company.licenceDocumentPath}?view=inline`} target="_blank" rel="noopener noreferrer" className="block text-sm font-medium text-brand-800 underline underline-offset-2">
          {t('companies.employer.document')}
        </a>
      )}
      <p className="flex items-center gap-2 text-sm font-medium text-slate-900" role="status">
        {company.employerVerified && <BadgeCheck aria-hidden="true" className="h-5 w-5 text-brand-700" />}
        {company.employerVerified ? t('companies.employer.verified') : t('companies.employer.notVerified')}
      </p>
      <Button
        variant={company.employerVerified ? 'outline' : 'primary'}
        className="w-full"
        disabled={set.isPending || (!company.employerVerified && !complete)}
        onClick={() =>
          set.mutate(
            { id: company.id, verified: !company.employerVerified },
            {
              onSuccess: (view) => toast({ variant: 'success', title: view.employerVerified ? t('companies.employer.markedVerified') : t('companies.employer.markRemoved') }),
              onError: (error) => toast({ variant: 'destructive', title: t('companies.failed'), description: errorMessage(error, t('companies.failed')) }),
            },
          )
        }
      >
        {company.employerVerified ? t('companies.employer.unverify') : t('companies.employer.verify')}
      </Button>
      {!company.employerVerified && !complete && <p className="text-sm text-slate-600">{t('companies.employer.incomplete')}</p>}
    </Card>
  );
}
