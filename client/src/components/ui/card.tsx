import type { HTMLAttributes } from 'react';
import { clsx } from 'clsx';

/** A card's edge and ground: plain, the one offer picked out, or a note in the brand's or a warning's colours. */
const tones = {
  plain: 'border border-slate-200 bg-white',
  featured: 'border-2 border-brand-700 bg-white',
  brand: 'border border-brand-200 bg-white',
  amber: 'border border-amber-200 bg-amber-50 text-amber-950',
} as const;

export function Card({ tone = 'plain', className, ...props }: HTMLAttributes<HTMLDivElement> & { tone?: keyof typeof tones }) {
  return <div className={clsx('rounded-2xl shadow-sm', tones[tone], className)} {...props} />;
}
