import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { publicConfig } from '@/lib/public-config';
import { Logo } from './logo';

const linkClass = 'rounded text-sm text-slate-300 hover:text-white';

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Logo inverse />
          <p className="text-sm text-slate-400">{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-platform">
          <h2 id="footer-platform" className="mb-3 text-sm font-semibold text-white">
            {t('footer.platform')}
          </h2>
          <ul className="space-y-2">
            <li>
              <a className={linkClass} href="/#features">
                {t('nav.features')}
              </a>
            </li>
            <li>
              <a className={linkClass} href="/#pricing">
                {t('nav.pricing')}
              </a>
            </li>
            <li>
              <a className={linkClass} href="/#how-it-works">
                {t('nav.howItWorks')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="mb-3 text-sm font-semibold text-white">
            {t('footer.company')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} href="/about">
                {t('footer.about')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/contact-sales">
                {t('footer.contact')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/careers">
                {t('footer.careers')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="mb-3 text-sm font-semibold text-white">
            {t('footer.legal')}
          </h2>
          <ul className="space-y-2">
            <li>
              <Link className={linkClass} href="/privacy-policy">
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} href="/terms-of-service">
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-slate-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.notAgency')}</p>
          <a className={linkClass} href={`mailto:${publicConfig.supportEmail}`}>
            {publicConfig.supportEmail}
          </a>
        </div>
      </div>
    </footer>
  );
}
