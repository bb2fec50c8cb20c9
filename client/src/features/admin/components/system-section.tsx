// The System page's frame for one section, its empty state and its rows of a label and a figure.
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { clsx } from 'clsx';

export function Section({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <Card className={clsx('min-w-0 p-5', className)}>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-3">{children}</div>
      </section>
    </Card>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-slate-50 p-4 text-slate-700">{children}</p>;
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
