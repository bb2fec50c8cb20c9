// What a job seeker can do about a company wherever it is listed: read its page, block or unblock it, report it.
// Each control's accessible name names the company and holds the words it shows, so someone using voice control can
// say what they see ("Employer", "Block").
import { Ban, Flag, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useSetCompanyBlocked } from '../api/block-company';

export function CompanyActions({ company }: { company: { companyId: string; companyName: string; slug: string | null; blocked: boolean } }) {
  const { t } = useTranslation('trust');
  const setBlocked = useSetCompanyBlocked();
  const name = company.companyName;
  const toggle = () =>
    setBlocked.mutate(
      { companyId: company.companyId, blocked: !company.blocked },
      {
        onSuccess: () => toast({ variant: 'success', title: t(company.blocked ? 'unblockedToast' : 'blockedToast', { company: name }) }),
        onError: (error) => toast({ variant: 'destructive', title: t('blockFailed'), description: errorMessage(error, t('blockFailed')) }),
      },
    );
  return (
    <div className="flex flex-wrap gap-2">
      {company.slug && (
        <Link href={`/employers/${company.slug}`} className={buttonClasses({ variant: 'ghost', size: 'sm' })} aria-label={t('employerPage', { company: name })}>
          {t('employer.title')}
        </Link>
      )}
      <Button variant="outline" size="sm" disabled={setBlocked.isPending} onClick={toggle} aria-label={t(company.blocked ? 'unblock' : 'block', { company: name })}>
        {company.blocked ? <Undo2 aria-hidden="true" className="h-4 w-4 rtl:-scale-x-100" /> : <Ban aria-hidden="true" className="h-4 w-4" />}
        {t(company.blocked ? 'unblockShort' : 'blockShort')}
      </Button>
      {company.slug && (
        <Link href={`/employers/${company.slug}/report`} className={buttonClasses({ variant: 'outline', size: 'sm' })} aria-label={t('report', { company: name })}>
          <Flag aria-hidden="true" className="h-4 w-4" />
          {t('reportShort')}
        </Link>
      )}
    </div>
  );
}
