import { useState } from 'react';
import { flushSync } from 'react-dom';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PLAN_IDS, PLANS, planPeriodPriceFils, TIMING, type PlanId } from '#shared/constants.ts';
import { salesRequestSchema } from '#shared/sales-request.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { publicConfig } from '@/lib/public-config';
import { translateValidation } from '@/lib/validation-message';
import { composeSalesEmail } from '../compose-sales-email';
import { formatAmount } from '@/lib/format';

type FormInput = z.input<typeof salesRequestSchema>;
type FormOutput = z.output<typeof salesRequestSchema>;

/** Resolves once the browser has painted what is in the DOM now (a frame's callbacks run just before it is painted). */
function nextPaint(): Promise<void> {
  // A hidden page paints nothing and runs no frame callbacks: nothing to wait for.
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** The sales form: browser checks first, then the shared schema; sending opens the mail program. */
export function SalesRequestForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('contact-sales');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(salesRequestSchema),
    defaultValues: { companyName: '', contactPerson: '', email: '', phone: '', plan: undefined, message: '' },
  });
  const { errors } = form.formState;
  const [sending, setSending] = useState(false);
  const planLabel = (id: PlanId) =>
    t(`plans.${id}`, { monthly: formatAmount(PLANS[id].monthlyPriceFils), total: formatAmount(planPeriodPriceFils(PLANS[id])) });

  const onSubmit = form.handleSubmit(async (values) => {
    // 'Sending...' is on screen before the mail program takes over: committed now, then painted.
    flushSync(() => setSending(true));
    await nextPaint();
    try {
      const mailto = composeSalesEmail(values, {
        to: publicConfig.supportEmail,
        planLabel: planLabel(values.plan),
        labels: {
          subject: (companyName) => t('email.subject', { companyName }),
          company: t('email.company'),
          contactPerson: t('email.contactPerson'),
          email: t('email.email'),
          phone: t('email.phone'),
          plan: t('email.plan'),
          message: t('email.message'),
        },
      });
      window.location.assign(mailto);
      toast({ variant: 'success', title: t('toast.success'), description: t('toast.successBody', { hours: TIMING.salesResponseHours }) });
      onSent();
    } catch {
      setSending(false);
      toast({ variant: 'destructive', title: t('toast.error'), description: t('toast.failed') });
    }
  });

  const message = (text?: string) => translateValidation(t, text);
  const optional = <span className="font-normal text-slate-600">{t('fields.optional')}</span>;

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('fields.companyName')} required error={message(errors.companyName?.message)}>
          {(ids) => <Input {...ids} required maxLength={200} autoComplete="organization" {...form.register('companyName')} />}
        </Field>
        <Field label={t('fields.contactPerson')} required error={message(errors.contactPerson?.message)}>
          {(ids) => <Input {...ids} required maxLength={200} autoComplete="name" {...form.register('contactPerson')} />}
        </Field>
        <Field label={t('fields.email')} required error={message(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" required maxLength={254} autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field label={t('fields.phone')} required error={message(errors.phone?.message)}>
          {(ids) => <Input {...ids} type="tel" required maxLength={40} autoComplete="tel" {...form.register('phone')} />}
        </Field>
      </div>
      <Field label={t('fields.plan')} required error={message(errors.plan?.message)}>
        {(ids) => (
          <Select {...ids} required defaultValue="" {...form.register('plan')}>
            <option value="" disabled>
              {t('fields.choosePlan')}
            </option>
            {PLAN_IDS.map((id) => (
              <option key={id} value={id}>
                {planLabel(id)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={<>{t('fields.message')} {optional}</>} error={message(errors.message?.message)}>
        {(ids) => <Textarea {...ids} maxLength={2000} rows={4} {...form.register('message')} />}
      </Field>
      <p className="text-sm text-slate-600">{t('mailNote', { supportEmail: publicConfig.supportEmail })}</p>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending}>
        {sending && <Spinner />}
        {sending ? t('sending') : t('submit')}
      </Button>
    </form>
  );
}
