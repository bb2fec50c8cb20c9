// Grey shapes where content is about to be, so a slow phone sees the page's layout at once instead of a blank screen
// or a spinner; the region says "Loading..." to screen readers, and the shapes are hidden from them.
import { useTranslation } from 'react-i18next';
import { clsx } from 'clsx';

const corners = { md: 'rounded-md', xl: 'rounded-xl', none: 'rounded-none' } as const;

export function Skeleton({ corner = 'md', className }: { corner?: keyof typeof corners; className?: string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse bg-slate-200 motion-reduce:animate-none', corners[corner], className)} />;
}

/** A region that is loading: the shapes inside, and one "Loading..." for screen readers. */
export function Loading({ className, children }: { className?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{t('loading')}</span>
      {children}
    </div>
  );
}

/** The site's header bar and a page of text, while the app learns who is signed in or a page's code arrives. */
export function PageSkeleton() {
  return (
    <Loading className="min-h-screen">
      <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4 sm:px-6">
        <Skeleton className="h-7 w-28" />
        <Skeleton className="h-9 w-24" />
      </div>
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-40 w-full" />
      </div>
    </Loading>
  );
}

/** Candidate cards as the search shows them: a picture, a name, two lines. */
export function CardGridSkeleton({ cards = 6 }: { cards?: number }) {
  return (
    <Loading className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-xl border border-slate-200">
          <Skeleton corner="none" className="aspect-video w-full" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      ))}
    </Loading>
  );
}

/** Rows of a list (the console's lists): a line of text and a shorter one. */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Loading className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="space-y-2 p-4">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      ))}
    </Loading>
  );
}

/** One person's page (a candidate, one's own profile): the video, the name, the facts. */
export function ProfileSkeleton() {
  return (
    <Loading className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-2">
      <Skeleton corner="xl" className="aspect-video w-full" />
      <div className="space-y-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-11 w-40" />
      </div>
    </Loading>
  );
}
