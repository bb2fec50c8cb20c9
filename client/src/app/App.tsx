import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { ScrollToTop } from './scroll-to-top';

// One chunk per page: the landing page does not load the legal texts or forms.
const LandingPage = lazy(() => import('./pages/landing'));
const AboutPage = lazy(() => import('./pages/about'));
const GetStartedPage = lazy(() => import('./pages/get-started'));
const JoinPage = lazy(() => import('./pages/join'));
const ContactSalesPage = lazy(() => import('./pages/contact-sales'));
const PrivacyPolicyPage = lazy(() => import('./pages/privacy-policy'));
const TermsOfServicePage = lazy(() => import('./pages/terms-of-service'));
const NotFoundPage = lazy(() => import('./pages/not-found'));

export function App() {
  return (
    <>
      <ScrollToTop />
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/about" component={AboutPage} />
        <Route path="/get-started" component={GetStartedPage} />
        <Route path="/get-started/:type" component={GetStartedPage} />
        <Route path="/join" component={JoinPage} />
        <Route path="/contact-sales" component={ContactSalesPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-of-service" component={TermsOfServicePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </>
  );
}
