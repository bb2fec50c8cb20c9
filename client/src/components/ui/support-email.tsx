import type { ReactNode } from 'react';
import { Mail } from 'lucide-react';
import { publicConfig } from '@/lib/public-config';

export function SupportEmailLink() {
  return (
    <a className="break-all font-medium text-brand-800 underline underline-offset-2" href={`mailto:${publicConfig.supportEmail}`} dir="ltr">
      {publicConfig.supportEmail}
    </a>
  );
}

/** The line that closes a screen where people wait on us: whom to write to (the children say why). */
export function SupportEmailLine({ children }: { children: ReactNode }) {
  return (
    <p className="mt-8 flex flex-wrap items-center gap-2 text-sm text-slate-700">
      <Mail aria-hidden="true" className="h-4 w-4" />
      {children}
      <SupportEmailLink />
    </p>
  );
}
