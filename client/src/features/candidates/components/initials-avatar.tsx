import { cn } from '@/lib/utils';

/** A candidate's avatar: a picture when there is one, else the initials of the name. */
export function InitialsAvatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  if (src) return <img src={src} alt="" className={cn('h-12 w-12 rounded-full object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn('inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-base font-bold text-brand-900', className)}>
      {initials}
    </span>
  );
}
