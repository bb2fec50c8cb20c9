// A first visit offers the browser's other languages among the product's, each in its own words ('हिन्दी में देखें?'),
// when the page is in another one: someone whose browser puts English first but also names Hindi reads Hindi in one
// tap. Taking the offer or closing it is a choice, remembered like the switch's (the language cookie): it is made once.
// Everything it needs is in the page (the languages from the server, the one-line offers bundled): no request.
import { useMemo, useState } from 'react';
import { Globe, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, SUGGESTION_NAMESPACE } from '#shared/locales.ts';
import { useHydrated } from '@/hooks/use-hydrated';
import { useCurrentUser } from '@/lib/auth';
import { isRightToLeft } from '@/lib/i18n';
import { applyLanguage, browserLanguages, chosenLanguage, rememberLanguage } from '@/lib/language';

export function LanguageSuggestion() {
  const { t, i18n } = useTranslation();
  const { user } = useCurrentUser();
  // The cookie and the browser's languages are the browser's: the offer shows once the page the server rendered has
  // been hydrated, which was rendered without it.
  const hydrated = useHydrated();
  const [answeredHere, setAnswered] = useState(false);
  const current = isLocale(i18n.language) ? i18n.language : 'en';
  const offers = useMemo(() => (hydrated ? browserLanguages().filter((locale) => locale !== current) : []), [hydrated, current]);
  const answered = answeredHere || (hydrated && chosenLanguage() !== undefined);
  // A signed-in person reads their account's language, chosen at sign-up or with the switch.
  if (answered || user || offers.length === 0) return null;

  return (
    // Over the page's foot rather than above its content: it appears once the page is hydrated, and moves nothing.
    <div className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-200 bg-brand-50 shadow-lg print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-4 text-sm sm:px-6 lg:px-8">
        <Globe aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-800" />
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4">
          {offers.map((locale) => (
            <button
              key={locale}
              type="button"
              lang={locale}
              dir={isRightToLeft(locale) ? 'rtl' : 'ltr'}
              className="min-h-10 font-semibold text-brand-900 underline underline-offset-4"
              onClick={() => {
                setAnswered(true);
                void applyLanguage(locale);
              }}
            >
              {i18n.getFixedT(locale, SUGGESTION_NAMESPACE)('question')}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="-me-2 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-brand-900 hover:bg-brand-100"
          aria-label={t('languageSuggestion.keep', { language: LOCALE_NAMES[current] })}
          onClick={() => {
            setAnswered(true);
            rememberLanguage(current);
          }}
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
