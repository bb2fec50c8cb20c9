import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HydrateInTurn } from './hydrate-in-turn';
import { LanguageSuggestion } from './language-suggestion';
import { SiteFooter } from './site-footer';
import { SiteHeader, type HeaderLink } from './site-header';
import { VerifyEmailBanner } from './verify-email-banner';

/**
 * Page frame: top bar fixed to the top of the window (sticky), then the one-line note that scrolls away with the page
 * (the address to confirm), main landmark, footer; another language to read in is offered at the window's foot.
 */
export function PageShell({
  children,
  headerLinks,
  showAccountActions,
  footer = true,
}: {
  children: ReactNode;
  headerLinks?: HeaderLink[];
  showAccountActions?: boolean;
  footer?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        {t('nav.skipToContent')}
      </a>
      <HydrateInTurn>
        <SiteHeader links={headerLinks} showAccountActions={showAccountActions} />
      </HydrateInTurn>
      <LanguageSuggestion />
      <VerifyEmailBanner />
      <main id="main" className="flex-1">
        {children}
      </main>
      {footer && (
        <HydrateInTurn>
          <SiteFooter />
        </HydrateInTurn>
      )}
    </div>
  );
}
