// The language switch of the header and the footer: each language named in itself; the choice applies at once,
// is remembered on this device, and becomes the account's when someone is signed in.
import { useId } from 'react';
import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES } from '#shared/locales.ts';
import { useCurrentUser, useSetLocale } from '@/lib/auth';
import { applyLanguage } from '@/lib/language';
import { cn } from '@/lib/utils';

export function LanguageSwitch({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { user } = useCurrentUser();
  const setLocale = useSetLocale();
  const current = isLocale(i18n.language) ? i18n.language : 'en';

  return (
    <div className={cn('flex items-center gap-1.5', className)}>
      <Languages aria-hidden="true" className={cn('h-4 w-4 shrink-0', tone === 'dark' ? 'text-slate-400' : 'text-slate-500')} />
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const locale = event.target.value;
          if (!isLocale(locale)) return;
          void applyLanguage(locale);
          // A failed save leaves the language on this device; the account keeps its own until the next change.
          if (user) setLocale.mutate(locale);
        }}
        className={cn(
          'min-h-9 rounded-md border px-2 py-1 text-sm',
          tone === 'dark' ? 'border-slate-600 bg-slate-800 text-slate-100' : 'border-slate-300 bg-white text-slate-800',
        )}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
