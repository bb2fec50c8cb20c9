import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { intlLocale } from '#shared/locales.ts';
import { publicConfig } from '@/lib/public-config';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

const linkClass = 'rounded text-sm text-slate-300 hover:text-white';

const columns = [
  {
    id: 'platform',
    links: [
      { href: '/#features', label: 'nav.features' },
      { href: '/#pricing', label: 'nav.pricing' },
      { href: '/#how-it-works', label: 'nav.howItWorks' },
    ],
  },
  {
    id: 'company',
    links: [
      { href: '/about', label: 'footer.about' },
      { href: '/contact-sales', label: 'footer.contact' },
      { href: '/careers', label: 'footer.careers' },
    ],
  },
  {
    id: 'legal',
    links: [
      { href: '/privacy-policy', label: 'footer.privacy' },
      { href: '/terms-of-service', label: 'footer.terms' },
    ],
  },
] as const;

export function SiteFooter() {
  const { t, i18n } = useTranslation();
  // A year is not an amount: no thousands separator, but the reader's digits.
  const year = new Intl.NumberFormat(intlLocale(i18n.language), { useGrouping: false }).format(new Date().getFullYear());
  return (
    <footer className="bg-slate-900 text-slate-300 print:hidden">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Logo inverse />
          <p className="text-sm text-slate-400">{t('footer.tagline')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.id} aria-labelledby={`footer-${column.id}`}>
            <h2 id={`footer-${column.id}`} className="mb-3 text-sm font-semibold text-white">
              {t(`footer.${column.id}`)}
            </h2>
            <ul className="space-y-2">
              {column.links.map(({ href, label }) => (
                <li key={href}>
                  {/* Anchors on the home page load it; other pages are client-side links. */}
                  {href.includes('#') ? (
                    <a className={linkClass} href={href}>
                      {t(label)}
                    </a>
                  ) : (
                    <Link className={linkClass} href={href}>
                      {t(label)}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.notAgency')}</p>
          {/* On a phone the row is a column: the address and the switch keep their own width, at the line's start,
              instead of stretching across it (the switch's arrow then sat at the far end, the address at the left). */}
          <a className={`${linkClass} w-fit`} href={`mailto:${publicConfig.supportEmail}`} dir="ltr">
            {publicConfig.supportEmail}
          </a>
          <LanguageSwitch id="footer-language" tone="dark" className="w-fit" />
        </div>
      </div>
    </footer>
  );
}
