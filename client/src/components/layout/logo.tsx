import { Link } from 'wouter';
import { publicConfig } from '@/lib/public-config';
import { clsx } from 'clsx';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('h-8 w-8 shrink-0', className)}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M7 10l3.5 12L14 13l2 0 3.5 9L23 10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The product's logo, a link to the home page on every page. */
export function Logo({ className, inverse }: { className?: string; inverse?: boolean }) {
  return (
    <Link
      href="/"
      className={clsx(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight',
        inverse ? 'text-white' : 'text-slate-900',
        className,
      )}
    >
      <LogoMark className={inverse ? 'text-brand-500' : 'text-brand-700'} />
      <span>{publicConfig.productName}</span>
    </Link>
  );
}
