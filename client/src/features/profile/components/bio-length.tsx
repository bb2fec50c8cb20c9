// How much of the bio's room is used, shown once it is nearly full: a longer bio is refused on sending, and the person
// sees how much to cut before then. Only this line is drawn again as they type, not the form.
import { useWatch, type Control } from 'react-hook-form';
import { clsx } from 'clsx';
import type { z } from 'zod';
import { BIO_MAX, type profileFormSchema } from '#shared/profile.ts';
import { formatNumber } from '@/lib/format';

/** Shown from this share of the room on. */
const SHOWN_FROM = 0.9;

export function BioLength({ control }: { control: Control<z.input<typeof profileFormSchema>, unknown, z.output<typeof profileFormSchema>> }) {
  const length = (useWatch({ control, name: 'bio' }) ?? '').length;
  if (length < BIO_MAX * SHOWN_FROM) return null;
  return (
    <p className={clsx('text-sm tabular-nums', length > BIO_MAX ? 'font-medium text-red-700' : 'text-slate-600')}>
      {formatNumber(length)} / {formatNumber(BIO_MAX)}
    </p>
  );
}
