// Career applications and sales requests are both read once and then marked as dealt with: one item for both lists.
import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { when } from './paged-list';

export function SubmissionItem({ submission: { createdAt, message }, footer, children }: { submission: { createdAt: string; message: string | null }; footer: ReactNode; children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>{children}</div>
        <p className="text-sm text-slate-600">{when(createdAt, i18n.language)}</p>
      </div>
      {message && <p dir="auto" className="mt-3 whitespace-pre-line text-sm text-slate-800">{message}</p>}
      {footer}
    </li>
  );
}

/** Who dealt with the submission and when (the children), or the button that marks it; a refusal says why in a toast. */
export function MarkDone({ mark, id, label, failed, children: done }: { mark: UseMutationResult<unknown, Error, string>; id: string; label: string; failed: string; children: string | null }) {
  if (done) return <span className="text-sm text-slate-600">{done}</span>;
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={mark.isPending}
      onClick={() => mark.mutate(id, { onError: (error) => toast({ variant: 'destructive', title: errorMessage(error, failed) }) })}
    >
      {label}
    </Button>
  );
}
