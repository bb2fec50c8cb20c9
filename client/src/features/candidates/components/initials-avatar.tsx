import { clsx } from 'clsx';

const sizes = { md: 'h-12 w-12 text-base', lg: 'h-16 w-16 text-xl' } as const;

/** A candidate's avatar: a picture when there is one, else the initials of the name. */
export function InitialsAvatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: keyof typeof sizes }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  if (src) return <img src={src} alt="" className={clsx(sizes[size], 'rounded-full object-cover')} />;
  return (
    <span aria-hidden="true" className={clsx(sizes[size], 'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-900')}>
      {initials}
    </span>
  );
}
