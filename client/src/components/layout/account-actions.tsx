import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { useCurrentUser, useLogOut } from '@/lib/auth';
import { clsx } from 'clsx';

/** Log In and Get Started for visitors; the account (a job seeker's profile, a company's account) and Sign Out for signed-in users. */
export function AccountActions({ layout, onNavigate }: { layout: 'bar' | 'menu'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const logOut = useLogOut();
  const wrapper = layout === 'bar' ? 'hidden min-w-0 items-center gap-2 md:flex' : 'mt-2 grid grid-cols-2 gap-2';

  if (user) {
    // In the bar, a link keeps its words on one line and the address is what gives way.
    const pageLink = buttonClasses({ variant: 'ghost', size: layout === 'bar' ? 'sm' : 'md', className: layout === 'menu' ? 'col-span-2' : 'shrink-0 whitespace-nowrap' });
    return (
      <div className={wrapper}>
        {/* In the bar a long address is cut short at a width of its own: it counted whole in the bar's width and squeezed
            the logo on a tablet. */}
        <span className={clsx('min-w-0 truncate text-sm text-slate-700', layout === 'menu' ? 'col-span-2 px-3' : 'max-w-44 lg:max-w-72')} dir="ltr">{user.email}</span>
        {user.role === 'job_seeker' && user.profile && (
          <Link href="/profile" onClick={onNavigate} className={pageLink}>
            {t('nav.myProfile')}
          </Link>
        )}
        {user.role === 'company' && user.company && (
          <Link href="/account" onClick={onNavigate} className={pageLink}>
            {t('nav.account')}
          </Link>
        )}
        {user.isAdmin && (
          <Link href="/admin" onClick={onNavigate} className={pageLink}>
            {t('nav.admin')}
          </Link>
        )}
        <button
          type="button"
          className={buttonClasses({ variant: 'outline', size: layout === 'bar' ? 'sm' : 'md', className: layout === 'menu' ? 'col-span-2' : 'shrink-0 whitespace-nowrap' })}
          disabled={logOut.isPending}
          onClick={() =>
            logOut.mutate(undefined, { onError: () => toast({ variant: 'destructive', title: t('nav.signOutFailed') }) })
          }
        >
          {logOut.isPending ? t('nav.signingOut') : t('nav.signOut')}
        </button>
      </div>
    );
  }
  return (
    <div className={wrapper}>
      <Link href="/login" onClick={onNavigate} className={buttonClasses({ variant: layout === 'bar' ? 'ghost' : 'outline', size: layout === 'bar' ? 'sm' : 'md' })}>
        {t('nav.logIn')}
      </Link>
      <Link href="/get-started" onClick={onNavigate} className={buttonClasses({ size: layout === 'bar' ? 'sm' : 'md' })}>
        {t('nav.getStarted')}
      </Link>
    </div>
  );
}
