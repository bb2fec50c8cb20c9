import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * What a page that could not load shows instead of a blank screen: most often its code did not arrive (a phone that
 * lost its connection while opening the page). Trying again loads the page afresh, since a page's code that failed
 * to load is not asked for again by the same page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('pageFailed.title')}</h1>
      <p className="text-slate-700">{t('pageFailed.body')}</p>
      <Button size="lg" onClick={() => window.location.reload()}>
        {t('pageFailed.retry')}
      </Button>
    </main>
  );
}
