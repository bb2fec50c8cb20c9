// Each page waits for its code and texts behind a boundary of its own, which goes when the page goes.
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { PageSkeleton } from '@/components/ui/skeleton';

/**
 * The page `load` brings, in a Suspense boundary of its own showing the page's outline while it waits.
 *
 * Why not the app's one boundary: once the last part waiting in a boundary is done, Preact renders again every part
 * that waited there, those taken off the page meanwhile too. A page left while two of its parts still waited was
 * rendered again, off the page, and failed there. A boundary that goes with its page forgets what waited in it
 * (docs/decisions/0053).
 */
// Typed as React's own lazy() is, so that a page's props (a route's parameters) pass through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function pageWithItsOwnBoundary<Page extends ComponentType<any>>(load: () => Promise<{ default: Page }>): ComponentType<ComponentProps<Page>> {
  const Page = lazy(load);
  return function PageBoundary(props: ComponentProps<Page>) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
