// The Master Admin console (/admin/*): one page module, its sections by path.
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { usePageTitle } from '@/hooks/use-page-title';
import { AdminLayout } from '@/features/admin/components/admin-layout';
import { ApplicationList } from '@/features/admin/components/application-list';
import { AuditLog } from '@/features/admin/components/audit-log';
import { CompanyList } from '@/features/admin/components/company-list';
import { PaymentList } from '@/features/admin/components/payment-list';
import { EmailList } from '@/features/admin/components/email-list';
import { ReviewQueue } from '@/features/admin/components/review-queue';
import { ReportList } from '@/features/admin/components/report-list';
import { SalesRequestList } from '@/features/admin/components/sales-request-list';
import { SystemStatusPage } from '@/features/admin/components/system-status';
import { UserList } from '@/features/admin/components/user-list';
import { VideoJobList } from '@/features/admin/components/video-job-list';
import AdminCompanyPage from './admin-company';
import AdminReportPage from './admin-report';
import AdminReviewProfilePage from './admin-review-profile';

const SECTIONS: Array<{ path: string; key: string; Section: ComponentType }> = [
  { path: '/admin/review', key: 'review', Section: ReviewQueue },
  { path: '/admin/payments', key: 'payments', Section: PaymentList },
  { path: '/admin/companies', key: 'companies', Section: CompanyList },
  { path: '/admin/reports', key: 'reports', Section: ReportList },
  { path: '/admin/sales', key: 'sales', Section: SalesRequestList },
  { path: '/admin/applications', key: 'applications', Section: ApplicationList },
  { path: '/admin/users', key: 'users', Section: UserList },
  { path: '/admin/emails', key: 'emails', Section: EmailList },
  { path: '/admin/videos', key: 'videos', Section: VideoJobList },
  { path: '/admin/audit', key: 'audit', Section: AuditLog },
  { path: '/admin/system', key: 'system', Section: SystemStatusPage },
];

function SectionPage({ titleKey, Section }: { titleKey: string; Section: ComponentType }) {
  const { t } = useTranslation('admin');
  usePageTitle(t(titleKey));
  return (
    <AdminLayout title={t(titleKey)}>
      <Section />
    </AdminLayout>
  );
}

export default function AdminPage() {
  // The console shows profiles' options (trades, languages, places) in the reader's language: their texts come with
  // the console, not once a profile has arrived. Asked for only then, they hid the page shown so far while they loaded.
  useTranslation(['admin', 'options']);
  return (
    <Switch>
      <Route path="/admin/review/:id" component={AdminReviewProfilePage} />
      <Route path="/admin/companies/:id" component={AdminCompanyPage} />
      <Route path="/admin/reports/:id" component={AdminReportPage} />
      {SECTIONS.map(({ path, key, Section }) => (
        <Route key={path} path={path}>
          <SectionPage titleKey={`nav.${key}`} Section={Section} />
        </Route>
      ))}
      <Route>
        <Redirect to="/admin/review" replace />
      </Route>
    </Switch>
  );
}
