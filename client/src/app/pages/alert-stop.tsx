// The link of a saved search's alert e-mail: stops those e-mails at once, whoever is signed in (or nobody).
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LinkActionPage } from '@/components/layout/link-action-page';
import { buttonClasses } from '@/components/ui/button';
import { stopAlert } from '@/features/candidates/api/stop-alert';

export default function AlertStopPage() {
  const { t } = useTranslation('candidates');
  return (
    <LinkActionPage
      title={t('alertStop.title')}
      act={stopAlert}
      working={t('alertStop.stopping')}
      failed={t('alertStop.failed')}
      retry={t('alertStop.retry')}
      done={({ name }) => (
        <>
          <p>{t('alertStop.stopped', { name })}</p>
          <p className="text-slate-700">{t('alertStop.again')}</p>
          <Link href="/dashboard" className={buttonClasses()}>
            {t('alertStop.open')}
          </Link>
        </>
      )}
    />
  );
}
