import { clsx } from 'clsx';

const sizes = { md: 'h-12 w-12 text-base', lg: 'h-16 w-16 text-xl' } as const;

const ARABIC_SCRIPT = /^\p{Script=Arabic}/u;

/**
 * The first letters of a name's first two words (whole characters, not halves of one). In Arabic script, the article
 * of a family name (ال) is not its initial, and the letters are kept from joining (U+200C): 'محمد الحربي' read 'ما',
 * a word. A first name that begins with those letters (الياس, الطاف) keeps them.
 */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word, index) => [...(index > 0 && word.length > 3 && word.startsWith('ال') ? word.slice(2) : word)][0]!.toUpperCase());
  return letters.join(letters.every((letter) => ARABIC_SCRIPT.test(letter)) ? '\u200c' : '');
}

/** A candidate's avatar: a picture when there is one, else the initials of the name. */
export function InitialsAvatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: keyof typeof sizes }) {
  const initials = initialsOf(name);
  if (src) return <img src={src} alt="" className={clsx(sizes[size], 'rounded-full object-cover')} />;
  return (
    <span aria-hidden="true" className={clsx(sizes[size], 'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900')}>
      {initials}
    </span>
  );
}
