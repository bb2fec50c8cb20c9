// The page an e-mail's one-click link opens: it acts at once with the link's token (signed in or not), then says
// what happened, with a retry when it failed.
import { useEffect, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { PageShell } from '@/components/layout/page-shell';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/hooks/use-page-title';
import { errorMessage } from '@/lib/error-message';

export function LinkActionPage<T>(props: {
  title: string;
  /** What the link does with its token. */
  act: (token: string) => Promise<T>;
  working: string;
  failed: string;
  retry: string;
  done: (result: T) => ReactNode;
  /** Beside the retry when it failed. */
  afterFailure?: ReactNode;
}) {
  usePageTitle(props.title);
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const action = useMutation({ mutationFn: props.act });
  const { mutate } = action;
  useEffect(() => {
    mutate(token);
  }, [mutate, token]);
  return (
    <PageShell>
      <section className="mx-auto w-full max-w-lg px-4 py-12 sm:py-16">
        <h1 className="text-2xl font-bold text-slate-900">{props.title}</h1>
        {action.isSuccess ? (
          <div role="status" className="mt-4 space-y-4 text-slate-800">
            {props.done(action.data)}
          </div>
        ) : action.isError ? (
          <div role="alert" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p>{errorMessage(action.error, props.failed)}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => mutate(token)}>
                {props.retry}
              </Button>
              {props.afterFailure}
            </div>
          </div>
        ) : (
          <p role="status" className="mt-4 flex items-center gap-2 text-slate-700">
            <Spinner className="text-brand-700" />
            {props.working}
          </p>
        )}
      </section>
    </PageShell>
  );
}
