import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageShell } from './page-shell';

const links = [
  ['/about', 'nav.aboutUs'],
  ['/careers', 'nav.careers'],
  ['/', 'nav.home'],
] as const;

/** The frame of the pages about us (who we are, joining our team): each links to the other, and home. */
export function AboutUsShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <PageShell headerLinks={links.map(([href, label]) => ({ href, label: t(label) }))}>{children}</PageShell>;
}
