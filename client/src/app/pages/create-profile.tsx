import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/hooks/use-toast';
import { useCurrentUser } from '@/lib/auth';
import { errorMessage } from '@/lib/error-message';
import { forgetDraft } from '@/lib/kept-video';
import { useCreateProfile } from '@/features/profile/api/create-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { ConsentNotice } from '@/components/legal/consent-notice';

export default function CreateProfilePage() {
  // The form's texts, the CV field's among them, arrive with the page: a part that asked for its own later would put
  // the page's outline back in its place while they came.
  const { t, i18n } = useTranslation(['profile', 'uploader']);
  usePageTitle(t('create.title'));
  // The next page, while the form is filled in: it shows at once when the profile is saved.
  useEffect(() => {
    void import('./pending');
    void i18n.loadNamespaces('pending');
  }, [i18n]);
  const [, navigate] = useLocation();
  const createProfile = useCreateProfile();
  const { user } = useCurrentUser();
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('create.title')}</h1>
        <p className="mt-2 text-slate-700">{t('create.intro')}</p>
        <div className="mt-8">
          <ProfileForm
            submitLabel={t('create.submit')}
            pendingLabel={t('create.submitting')}
            pending={createProfile.isPending}
            notice={<ConsentNotice namespace="profile" text="create.consent" />}
            keepDraft
            onSubmit={(values) =>
              createProfile
                .mutateAsync(values, {
                  onSuccess: () => {
                    if (user) forgetDraft(user.id, 'new');
                    toast({ variant: 'success', title: t('create.successTitle'), description: t('create.success') });
                    navigate('/');
                  },
                  onError: (error) =>
                    toast({ variant: 'destructive', title: t('create.failedTitle'), description: errorMessage(error, t('create.failed')) }),
                })
                // Told by onError.
                .catch(() => {})
            }
          />
        </div>
      </section>
    </PageShell>
  );
}
