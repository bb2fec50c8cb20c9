// The link of the "still looking?" e-mail: one click, no sign-in.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LinkActionPage } from '@/components/layout/link-action-page';
import { buttonClasses } from '@/components/ui/button';
import { confirmStillLookingByLink } from '@/features/profile/api/confirm-by-link';

export default function StillLookingPage() {
  const { t } = useTranslation('profile');
  return (
    <LinkActionPage
      title={t('looking.heading')}
      act={confirmStillLookingByLink}
      working={t('looking.linkWorking')}
      failed={t('looking.failed')}
      retry={t('looking.linkRetry')}
      done={({ fullName }) => (
        <>
          <p>{t('looking.linkDone', { name: fullName })}</p>
          <Link href="/profile" className={buttonClasses()}>
            {t('looking.linkProfile')}
          </Link>
        </>
      )}
      afterFailure={
        <Link href="/profile" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          {t('looking.linkProfile')}
        </Link>
      }
    />
  );
}
