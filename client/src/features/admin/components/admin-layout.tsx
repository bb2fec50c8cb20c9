// The console's frame: the site's top bar, then the console navigation (a row of tabs on a phone, a column on a
// desktop) with counts of what waits, then the page.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { clsx } from 'clsx';
import { useOverview } from '../api/get-overview';

const SECTIONS = [
  { href: '/admin/review', key: 'review', count: 'pendingProfiles' },
  { href: '/admin/payments', key: 'payments', count: 'declaredPayments' },
  { href: '/admin/companies', key: 'companies', count: null },
  { href: '/admin/reports', key: 'reports', count: 'openReports' },
  { href: '/admin/sales', key: 'sales', count: 'openSalesRequests' },
  { href: '/admin/applications', key: 'applications', count: 'unreviewedApplications' },
  { href: '/admin/users', key: 'users', count: null },
  { href: '/admin/emails', key: 'emails', count: 'failedEmails' },
  { href: '/admin/videos', key: 'videos', count: null },
  { href: '/admin/audit', key: 'audit', count: null },
  { href: '/admin/system', key: 'system', count: null },
] as const;

/** `wide`: the page uses the whole width of a large screen (the review page shows the video and the CV side by side). */
export function AdminLayout({ title, children, actions, wide }: { title: string; children: ReactNode; actions?: ReactNode; wide?: boolean }) {
  const { t } = useTranslation('admin');
  const [location] = useLocation();
  const overview = useOverview();
  return (
    <PageShell footer={false}>
      <div className={clsx('mx-auto w-full px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_1fr] lg:gap-8 lg:px-8', wide ? 'max-w-[120rem]' : 'max-w-7xl')}>
        <nav aria-label={t('nav.label')} className="-mx-4 overflow-x-auto px-4 lg:mx-0 lg:px-0">
          <ul className="flex gap-1 lg:flex-col">
            {SECTIONS.map((section) => {
              const active = location === section.href || location.startsWith(`${section.href}/`);
              const count = section.count ? overview.data?.[section.count] : undefined;
              return (
                <li key={section.href} className="shrink-0">
                  <Link
                    href={section.href}
                    aria-current={active ? 'page' : undefined}
                    className={clsx(
                      'flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                      active ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                    )}
                  >
                    {t(`nav.${section.key}`)}
                    {count ? (
                      <span className={clsx('rounded-full px-2 py-0.5 text-xs font-semibold', active ? 'bg-white text-brand-800' : 'bg-amber-100 text-amber-900')}>
                        {count}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-6 min-w-0 lg:mt-0">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            {actions}
          </div>
          <div className="mt-5">{children}</div>
        </div>
      </div>
    </PageShell>
  );
}
