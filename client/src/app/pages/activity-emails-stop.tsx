// The weekly e-mail's one-click stop: no sign-in needed.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LinkActionPage } from '@/components/layout/link-action-page';
import { buttonClasses } from '@/components/ui/button';
import { stopActivityEmails } from '@/features/trust/api/stop-activity-emails';

export default function ActivityEmailsStopPage() {
  const { t } = useTranslation('trust');
  return (
    <LinkActionPage
      title={t('stopEmails.title')}
      act={stopActivityEmails}
      working={t('stopEmails.working')}
      failed={t('stopEmails.failed')}
      retry={t('activity.retry')}
      done={() => (
        <>
          <p>{t('stopEmails.done')}</p>
          <Link href="/profile" className={buttonClasses()}>
            {t('stopEmails.profile')}
          </Link>
        </>
      )}
    />
  );
}
