import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/hooks/use-page-title';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { useCurrentUser } from '@/lib/auth';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { letChangesGo } from '@/features/profile/profile-draft';

export default function EditProfilePage() {
  // The form's texts, the CV field's among them, arrive with the page: a part that asked for its own later would put
  // the page's outline back in its place while they came.
  const { t } = useTranslation(['profile', 'uploader']);
  usePageTitle(t('edit.title'));
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const updateProfile = useUpdateProfile();
  const profile = user?.profile;
  if (!user || !profile) return null;
  const reviewed = profile.reviewStatus === 'approved' || profile.reviewStatus === 'rejected';
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('edit.title')}</h1>
          {/* Cancel lets the changes go; a Back gesture or a reload keeps them for the next time the form opens. */}
          <Link href="/profile" onClick={() => letChangesGo(user.id)} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            {t('edit.cancel')}
          </Link>
        </div>
        <div className="mt-8">
          <ProfileForm
            initial={profile}
            submitLabel={t('edit.submit')}
            pendingLabel={t('edit.submitting')}
            pending={updateProfile.isPending}
            keepDraft
            notice={reviewed ? <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">{t('edit.backToReview')}</p> : undefined}
            onSubmit={(values) =>
              updateProfile
                .mutateAsync(values, {
                  onSuccess: (saved) => {
                    letChangesGo(user.id);
                    const backToReview = reviewed && saved.reviewStatus === 'pending';
                    toast({ variant: 'success', title: t('edit.successTitle'), description: backToReview ? t('edit.successReview') : t('edit.success') });
                    navigate(backToReview ? '/pending' : '/profile');
                  },
                  onError: (error) =>
                    toast({ variant: 'destructive', title: t('edit.failedTitle'), description: errorMessage(error, t('edit.failed')) }),
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
