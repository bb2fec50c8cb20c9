// Values that read left to right in every language (e-mail addresses, phone numbers, invoice numbers, bank
// references, codes) keep their own direction inside a sentence: ltr() marks a value put into a text, and
// <LtrValues> shows the text with each marked value set apart in <bdi dir="ltr">. In Arabic and Urdu the sentence's
// full stop then stays at its end. A short value (an invoice number, a bank reference) is kept on one line: broken at
// a hyphen, INV-2026-000002 read '-INV-2026' / '000002' in Arabic. A long one (an address) may break anywhere instead
// of pushing the page sideways.
import { Fragment, type ReactNode } from 'react';

// Private-use characters, which no catalogue text holds, around the value; i18next may put its own isolates
// (U+2068, U+2069) around it in right-to-left languages, which the <bdi> makes unnecessary.
const MARKED = /\u2068?\uE000([^\uE001]*)\uE001\u2069?/g;

/** A value to show left to right inside a translated sentence (read by <LtrValues>). */
export const ltr = (value: string) => `\uE000${value}\uE001`;

/** Values up to this many characters fit a phone's line whole. */
const WHOLE_UP_TO = 20;

/** The text with its ltr() values each in a <bdi dir="ltr">: short ones whole, long ones breaking anywhere, or as `className` says. */
export function ltrValues(text: string, className?: string): ReactNode {
  const parts = text.split(MARKED);
  if (parts.length === 1) return text;
  // split() with a capture group alternates text and value: even indexes are text, odd ones values.
  return parts.map((part, index) =>
    index % 2 === 0 ? (
      <Fragment key={index}>{part}</Fragment>
    ) : (
      <bdi key={index} dir="ltr" className={className ?? (part.length <= WHOLE_UP_TO ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]')}>
        {part}
      </bdi>
    ),
  );
}

export function LtrValues({ text }: { text: string }) {
  return <>{ltrValues(text)}</>;
}
