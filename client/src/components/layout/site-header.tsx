import { useLayoutEffect, useState } from 'react';
import { Menu, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { buttonClasses } from '@/components/ui/button';
import { AccountActions } from './account-actions';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';

export interface HeaderLink {
  href: string;
  label: string;
}

function NavLink({ link, className, onClick }: { link: HeaderLink; className: string; onClick?: () => void }) {
  // In-page anchors and other pages: anchors are plain links so the browser scrolls to them.
  if (link.href.startsWith('#') || link.href.includes('#')) {
    return (
      <a href={link.href} className={className} onClick={onClick}>
        {link.label}
      </a>
    );
  }
  return (
    <Link href={link.href} className={className} onClick={onClick}>
      {link.label}
    </Link>
  );
}

/** Fixed top bar: logo to /, the page's links, the language, Log In and Get Started; a menu toggle on small screens. */
export function SiteHeader({ links = [], showAccountActions = true }: { links?: HeaderLink[]; showAccountActions?: boolean }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location;
  const setOpen = (value: boolean | ((was: boolean) => boolean)) =>
    setOpenOn((current) => ((typeof value === 'function' ? value(current === location) : value) ? location : null));
  const menuId = 'site-menu';

  // Heard from the moment the menu shows: a key pressed as soon as it opens closes it too.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpenOn(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => setOpen(false);
  const hasMenu = links.length > 0 || showAccountActions;

  return (
    <header className="sticky inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6 md:h-16 lg:px-8">
        <Logo className="min-w-0" />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink
              key={link.href}
              link={link}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
            />
          ))}
        </nav>
        {/* The language is found at once, on a phone too: never only inside the menu. */}
        <div className="ms-auto flex items-center gap-2 md:ms-0">
          <LanguageSwitch id="header-language" />
          {showAccountActions && <AccountActions layout="bar" />}
        </div>
        {hasMenu && (
          <button
            type="button"
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden="true" className="h-6 w-6" /> : <Menu aria-hidden="true" className="h-6 w-6" />}
          </button>
        )}
      </div>
      {hasMenu && (
        <div id={menuId} hidden={!open} className="border-t border-slate-200 bg-white md:hidden">
          <nav aria-label={t('nav.mobile')} className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3">
            {links.map((link) => (
              <NavLink
                key={link.href}
                link={link}
                onClick={close}
                className="rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100"
              />
            ))}
            {showAccountActions && <AccountActions layout="menu" onNavigate={close} />}
          </nav>
        </div>
      )}
    </header>
  );
}
