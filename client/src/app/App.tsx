import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { RequestFailed } from '@/components/ui/request-failed';
import { PageSkeleton } from '@/components/ui/skeleton';
import { homePathFor, useCurrentUser } from '@/lib/auth';
import { takeFetchedFonts } from '@/lib/fonts';
import { rememberPage } from '@/lib/last-page';
import { pageArrivedRendered } from '@/lib/server-rendered';
import { pageWithItsOwnBoundary } from './page-boundary';
import { ScrollToTop } from './scroll-to-top';

// One chunk per page: the landing page does not load the legal texts or forms. Each page waits for its code and texts
// behind a boundary of its own (page-boundary.tsx).
const LandingPage = pageWithItsOwnBoundary(() => import('./pages/landing'));
const AboutPage = pageWithItsOwnBoundary(() => import('./pages/about'));
const GetStartedPage = pageWithItsOwnBoundary(() => import('./pages/get-started'));
const JoinPage = pageWithItsOwnBoundary(() => import('./pages/join'));
const ContactSalesPage = pageWithItsOwnBoundary(() => import('./pages/contact-sales'));
const AccountPage = pageWithItsOwnBoundary(() => import('./pages/account'));
const InvitePage = pageWithItsOwnBoundary(() => import('./pages/invite'));
const PrivacyPolicyPage = pageWithItsOwnBoundary(() => import('./pages/privacy-policy'));
const TermsOfServicePage = pageWithItsOwnBoundary(() => import('./pages/terms-of-service'));
const LoginPage = pageWithItsOwnBoundary(() => import('./pages/login'));
const ForgotPasswordPage = pageWithItsOwnBoundary(() => import('./pages/forgot-password'));
const ResetPasswordPage = pageWithItsOwnBoundary(() => import('./pages/reset-password'));
const VerifyEmailPage = pageWithItsOwnBoundary(() => import('./pages/verify-email'));
const CreateProfilePage = pageWithItsOwnBoundary(() => import('./pages/create-profile'));
const PendingPage = pageWithItsOwnBoundary(() => import('./pages/pending'));
const ProfilePage = pageWithItsOwnBoundary(() => import('./pages/profile'));
const EditProfilePage = pageWithItsOwnBoundary(() => import('./pages/edit-profile'));
const CareersPage = pageWithItsOwnBoundary(() => import('./pages/careers'));
const OnboardingPage = pageWithItsOwnBoundary(() => import('./pages/onboarding'));
const InvoicePage = pageWithItsOwnBoundary(() => import('./pages/invoice'));
const DashboardPage = pageWithItsOwnBoundary(() => import('./pages/dashboard'));
const CandidatePage = pageWithItsOwnBoundary(() => import('./pages/candidate'));
const ShortlistPage = pageWithItsOwnBoundary(() => import('./pages/shortlist'));
const AdminPage = pageWithItsOwnBoundary(() => import('./pages/admin'));
const NotFoundPage = pageWithItsOwnBoundary(() => import('./pages/not-found'));
const AlertStopPage = pageWithItsOwnBoundary(() => import('./pages/alert-stop'));
const StillLookingPage = pageWithItsOwnBoundary(() => import('./pages/still-looking'));
// Goes on sending a job seeker's video kept from an earlier visit, on whatever page they open (its own chunk: the
// resumable uploader is not for visitors).
const KeptVideoSender = lazy(() => import('@/features/profile/components/kept-video-sender'));
const ActivityEmailsStopPage = pageWithItsOwnBoundary(() => import('./pages/activity-emails-stop'));
const EmployerPage = pageWithItsOwnBoundary(() => import('./pages/employer'));
const EmployerReportPage = pageWithItsOwnBoundary(() => import('./pages/employer-report'));
const ConsentPrompt = pageWithItsOwnBoundary(() =>
  import('@/features/auth/components/consent-prompt').then((module) => ({ default: module.ConsentPrompt })),
);
const DataExportPage = pageWithItsOwnBoundary(() => import('./pages/data-export'));
const RoleSelection = pageWithItsOwnBoundary(() =>
  import('@/features/auth/components/role-selection').then((module) => ({ default: module.RoleSelection })),
);

const JOB_SEEKER_TYPES = new Set(['candidate', 'job-seeker', 'job_seeker']);

/** Routes by auth state: loading, signed out, no role yet, job seeker, company. */
export function App() {
  const { isPending, error, refetch, isFetching } = useCurrentUser();
  // A page the server rendered shows at once as a visitor's, and the signed-in state fills in; others wait for it.
  if (isPending && !pageArrivedRendered) return <PageSkeleton />;
  // Not knowing who is signed in (no connection, the server failing) is not being signed out: say so, and try again.
  // A page the server rendered stays readable as a visitor's.
  if (error && !pageArrivedRendered) return <RequestFailed fullPage retrying={isFetching} onRetry={() => void refetch()} />;
  // The e-mailed links work whoever is signed in where they are opened, a user who has not chosen a role yet too;
  // their pages then go on to the next step.
  return (
    <>
      <ScrollToTop />
      <FontsOnNewPage />
      <Switch>
        <Route path="/verify-email" component={VerifyEmailPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/alerts/stop" component={AlertStopPage} />
        <Route path="/still-looking" component={StillLookingPage} />
        <Route path="/activity-emails/stop" component={ActivityEmailsStopPage} />
        <Route path="/data-export" component={DataExportPage} />
        <Route path="/invite" component={InvitePage} />
        <Route component={AppRoutes} />
      </Switch>
    </>
  );
}

/** A page of the app's own navigation takes the fonts the first page only fetched (lib/fonts.ts). */
function FontsOnNewPage() {
  const [location] = useLocation();
  useEffect(takeFetchedFonts, [location]);
  return null;
}

/** Keeps the signed-in person's page, for the e-mailed links that lead back to it. */
function RememberPage({ userId }: { userId: string }) {
  const [location] = useLocation();
  const search = useSearch();
  useEffect(() => rememberPage(userId, search ? `${location}?${search}` : location), [userId, location, search]);
  return null;
}

function AppRoutes() {
  const { user } = useCurrentUser();
  // A signed-in user with no role sees the role choice instead of any route; an administrator's place is the
  // console, which needs no role.
  if (user && !user.role && !user.isAdmin) return <RoleSelection />;
  // The privacy policy and terms changed since this account agreed: asked before anything else.
  if (user?.consentNeeded) return <ConsentPrompt />;

  const home = user ? homePathFor(user) : '/';
  const isJobSeeker = user?.role === 'job_seeker';
  const isCompany = user?.role === 'company';
  const hasProfile = isJobSeeker && Boolean(user?.profile);
  const company = isCompany ? user?.company : null;
  // A company past onboarding; its dashboard shows the database, or renewal when access has ended.
  const onboarded = Boolean(company);
  const paidOnce = Boolean(company && company.subscriptionStatus !== 'pending_payment');

  const only = (allowed: boolean, page: ComponentType) => (allowed ? page : () => <Redirect to={user ? home : '/login'} replace />);

  return (
    <>
      {user && <RememberPage userId={user.id} />}
      {isJobSeeker && user && (
        <Suspense fallback={null}>
          <KeptVideoSender userId={user.id} title={user.profile?.fullName ?? [user.firstName, user.lastName].filter(Boolean).join(' ')} />
        </Suspense>
      )}
    <Switch>
      <Route path="/">{user && home !== '/' ? <Redirect to={home} replace /> : <LandingPage />}</Route>
      <Route path="/about" component={AboutPage} />
      <Route path="/careers" component={CareersPage} />
      <Route path="/get-started" component={GetStartedPage} />
      {/* A job seeker goes straight to sign-up: the welcome page of old links is one step too many. */}
      <Route path="/get-started/:type">
        {(params) => (JOB_SEEKER_TYPES.has(params.type) ? <Redirect to="/signup?type=candidate" replace /> : <GetStartedPage />)}
      </Route>
      <Route path="/join" component={JoinPage} />
      <Route path="/contact-sales" component={ContactSalesPage} />
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/terms-of-service" component={TermsOfServicePage} />
      <Route path="/employers/:slug" component={EmployerPage} />
      <Route path="/employers/:slug/report" component={only(isJobSeeker, EmployerReportPage)} />

      <Route path="/login" component={only(!user, LoginPage)} />
      <Route path="/signup" component={only(!user, LoginPage)} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />

      <Route path="/create-profile" component={only(isJobSeeker && !user?.profile, CreateProfilePage)} />
      <Route path="/onboarding" component={only(isCompany && !onboarded, OnboardingPage)} />
      {/* A company whose payment has been verified has nothing to wait for there: it goes to its dashboard (a renewal
          is paid from /account). */}
      <Route path="/pending" component={only((onboarded && !paidOnce) || hasProfile, PendingPage)} />
      <Route path="/account" component={only(onboarded, AccountPage)} />
      <Route path="/invoices/:id" component={only(onboarded || Boolean(user?.isAdmin), InvoicePage)} />
      <Route path="/dashboard" component={only(paidOnce, DashboardPage)} />
      <Route path="/dashboard/shortlist" component={only(paidOnce, ShortlistPage)} />
      <Route path="/dashboard/candidates/:id" component={only(paidOnce, CandidatePage)} />
      <Route path="/profile" component={only(hasProfile, ProfilePage)} />
      {/* Only administrators know the console exists: everyone else gets the 404 page. */}
      <Route path="/admin" component={user?.isAdmin ? AdminPage : NotFoundPage} />
      <Route path="/admin/*" component={user?.isAdmin ? AdminPage : NotFoundPage} />
      <Route path="/profile/edit" component={only(hasProfile, EditProfilePage)} />

      <Route component={NotFoundPage} />
    </Switch>
    </>
  );
}
