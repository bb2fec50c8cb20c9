import { Check } from 'lucide-react';
import { clsx } from 'clsx';

/** A list of selling points, each with a tick. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={clsx('space-y-2 text-slate-700', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden="true" className="mt-1 h-4 w-4 shrink-0 text-brand-700" />
          {item}
        </li>
      ))}
    </ul>
  );
}
