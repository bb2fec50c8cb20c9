// Values that read left to right in every language (e-mail addresses, phone numbers, invoice numbers, bank
// references, codes) keep their own direction inside a sentence: ltr() marks a value put into a text, and
// <LtrValues> shows the text with each marked value set apart in <bdi dir="ltr">. In Arabic and Urdu the sentence's
// full stop then stays at its end, and a long address may break anywhere instead of pushing the page sideways.
import { Fragment, type ReactNode } from 'react';

// Private-use characters, which no catalogue text holds, around the value; i18next may put its own isolates
// (U+2068, U+2069) around it in right-to-left languages, which the <bdi> makes unnecessary.
const MARKED = /\u2068?\uE000([^\uE001]*)\uE001\u2069?/g;

/** A value to show left to right inside a translated sentence (read by <LtrValues>). */
export const ltr = (value: string) => `\uE000${value}\uE001`;

/** The text with its ltr() values each in a <bdi dir="ltr"> (by default breaking anywhere, or as `className` says). */
export function ltrValues(text: string, className = '[overflow-wrap:anywhere]'): ReactNode {
  const parts = text.split(MARKED);
  if (parts.length === 1) return text;
  // split() with a capture group alternates text and value: even indexes are text, odd ones values.
  return parts.map((part, index) =>
    index % 2 === 0 ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <bdi key={index} dir="ltr" className={className}>
        {part}
      </bdi>
    ),
  );
}

export function LtrValues({ text }: { text: string }) {
  return <>{ltrValues(text)}</>;
}
