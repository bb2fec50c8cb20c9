// "Save search": names the search on screen and chooses its e-mail (none, daily, weekly), in a small dialog.
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { createSavedSearchSchema, SAVED_SEARCH_ALERTS } from '#shared/saved-searches.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { translateValidation } from '@/lib/validation-message';
import { useSaveSearch } from '../api/save-search';

type Form = z.input<typeof createSavedSearchSchema>;

export function SaveSearchButton({ query, suggestedName }: { query: string; suggestedName: string }) {
  const { t } = useTranslation('candidates');
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const save = useSaveSearch();
  const sendOnce = useSendOnce();
  const form = useForm<Form, unknown, z.output<typeof createSavedSearchSchema>>({
    resolver: zodResolver(createSavedSearchSchema),
    defaultValues: { name: '', query, alert: 'daily' },
  });
  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
    if (!open && element?.open) element.close();
  }, [open]);

  const start = () => {
    form.reset({ name: suggestedName, query, alert: 'daily' });
    setOpen(true);
  };
  const onSubmit = form.handleSubmit((values) =>
    sendOnce(() =>
      save.mutateAsync(values, {
        onSuccess: (saved) => {
          toast({ variant: 'success', title: t('saved.savedToast', { name: saved.name }) });
          setOpen(false);
        },
        onError: (error) => toast({ variant: 'destructive', title: t('saved.failed'), description: errorMessage(error, t('saved.failed')) }),
      }),
    ),
  );

  return (
    <>
      <Button variant="outline" size="sm" onClick={start}>
        <BellPlus aria-hidden="true" className="h-4 w-4" />
        {t('saved.save')}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="save-search-title"
        onClose={() => setOpen(false)}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
      >
        {open && (
          <form onSubmit={onSubmit} noValidate className="space-y-5 p-5 sm:p-6">
            <h2 id="save-search-title" className="text-lg font-semibold">
              {t('saved.dialogTitle')}
            </h2>
            <Field id="saved-search-name" label={t('saved.name')} error={translateValidation(t, form.formState.errors.name?.message)}>
              {(ids) => <Input {...ids} maxLength={80} autoFocus {...form.register('name')} />}
            </Field>
            <Field id="saved-search-alert" label={t('saved.alert')} hint={t('saved.alertHint')}>
              {(ids) => (
                <Select {...ids} {...form.register('alert')}>
                  {SAVED_SEARCH_ALERTS.map((alert) => (
                    <option key={alert} value={alert}>
                      {t(`saved.alerts.${alert}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('saved.cancel')}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && <Spinner />}
                {t('saved.submit')}
              </Button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
