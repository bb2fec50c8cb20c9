// What a page shows when what it needs did not arrive (no connection, or the server failed): a message in the reader's
// language and Try again, never an endless spinner.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export function RequestFailed({ onRetry, retrying = false, fullPage = false }: { onRetry: () => void; retrying?: boolean; fullPage?: boolean }) {
  const { t } = useTranslation();
  const Title = fullPage ? 'h1' : 'p';
  const message = (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-16 text-center">
      <Title className="text-xl font-bold text-slate-900">{t('pageFailed.title')}</Title>
      <p className="text-slate-700">{t('pageFailed.body')}</p>
      <Button size="lg" disabled={retrying} onClick={onRetry}>
        {retrying && <Spinner />}
        {t('pageFailed.retry')}
      </Button>
    </div>
  );
  // On its own (the app could not even learn who is signed in), the message is the page's main content.
  return fullPage ? (
    <main id="main" className="flex min-h-screen items-center justify-center">
      {message}
    </main>
  ) : (
    message
  );
}
