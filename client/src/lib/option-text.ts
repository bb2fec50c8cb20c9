import { useTranslation } from 'react-i18next';

/** The option lists of a profile. Their values are stored as codes (the English names) and shown in the reader's language. */
export type OptionList = 'industries' | 'languages' | 'locations';

/** Texts of stored option codes in the reader's language; an unknown code shows as it is. */
export function useOptionText() {
  // A namespace of its own, loaded with the first screen that shows options (not with the landing page). A page that
  // shows them only once its data has arrived asks for it as it opens (the console, the database and the shortlist
  // do): asked for later, it would hide the page while it loads.
  const { t, i18n } = useTranslation('options');
  const optionText = (list: OptionList, code: string) => t(`${list}.${code}`, { defaultValue: code });
  const optionListText = (list: OptionList, codes: readonly string[]) =>
    new Intl.ListFormat(i18n.language, { type: 'unit', style: 'short' }).format(codes.map((code) => optionText(list, code)));
  return { optionText, optionListText };
}
