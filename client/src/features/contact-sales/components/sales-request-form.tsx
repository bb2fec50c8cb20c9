import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PLAN_IDS, PLANS, planPeriodPriceFils, TIMING, type PlanId } from '#shared/constants.ts';
import { salesRequestSchema } from '#shared/sales-request.ts';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/hooks/use-hydrated';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { publicConfig } from '@/lib/public-config';
import { translateValidation } from '@/lib/validation-message';
import { composeSalesEmail } from '../compose-sales-email';
import { useSendSalesRequest } from '../api/send-sales-request';
import { formatAmount } from '@/lib/format';
import { errorMessage } from '@/lib/error-message';
import { ltr, ltrValues } from '@/lib/ltr-values';

type FormInput = z.input<typeof salesRequestSchema>;
type FormOutput = z.output<typeof salesRequestSchema>;

/**
 * The sales form: browser checks first, then the shared schema; it is sent to the server, and the thank-you shows only
 * once the server has it. A link opens the visitor's mail program with the same request, for those who prefer that.
 */
export function SalesRequestForm({ onSent, plan }: { onSent: () => void; plan?: PlanId }) {
  const { t } = useTranslation('contact-sales');
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(salesRequestSchema),
    defaultValues: { companyName: '', contactPerson: '', email: '', phone: '', plan, message: '' },
  });
  const { errors } = form.formState;
  const send = useSendSalesRequest();
  const sendOnce = useSendOnce();
  const sending = send.isPending;
  // The page arrives rendered by the server: sent before its code has arrived, the form would go as a plain GET.
  const hydrated = useHydrated();
  const planLabel = (id: PlanId) =>
    t(`plans.${id}`, { monthly: formatAmount(PLANS[id].monthlyPriceFils), total: formatAmount(planPeriodPriceFils(PLANS[id])) });

  const onSubmit = form.handleSubmit((values) =>
    sendOnce(() =>
      send.mutateAsync(values, {
        onSuccess: () => {
          toast({ variant: 'success', title: t('toast.success'), description: t('toast.successBody', { hours: TIMING.salesResponseHours }) });
          onSent();
        },
        onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t('toast.failed')) }),
      }),
    ),
  );

  /** The same request as an e-mail, with what is typed so far. */
  const values = useWatch({ control: form.control });
  const mailto = composeSalesEmail(
    { companyName: values.companyName ?? '', contactPerson: values.contactPerson ?? '', email: values.email ?? '', phone: values.phone ?? '', plan: values.plan!, message: values.message ?? '' },
    {
      to: publicConfig.salesEmail,
      planLabel: values.plan ? planLabel(values.plan) : '',
      labels: {
        subject: (companyName) => t('email.subject', { companyName }),
        company: t('email.company'),
        contactPerson: t('email.contactPerson'),
        email: t('email.email'),
        phone: t('email.phone'),
        plan: t('email.plan'),
        message: t('email.message'),
      },
    },
  );

  const message = (text?: string) => translateValidation(t, text);
  const optional = <span className="font-normal text-slate-600">{t('fields.optional')}</span>;

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="sales-company-name" label={t('fields.companyName')} required error={message(errors.companyName?.message)}>
          {(ids) => <Input {...ids} required maxLength={200} autoComplete="organization" {...form.register('companyName')} />}
        </Field>
        <Field id="sales-contact-person" label={t('fields.contactPerson')} required error={message(errors.contactPerson?.message)}>
          {(ids) => <Input {...ids} required maxLength={200} autoComplete="name" {...form.register('contactPerson')} />}
        </Field>
        <Field id="sales-email" label={t('fields.email')} required error={message(errors.email?.message)}>
          {(ids) => <Input {...ids} type="email" required maxLength={254} autoComplete="email" {...form.register('email')} />}
        </Field>
        <Field id="sales-phone" label={t('fields.phone')} required error={message(errors.phone?.message)}>
          {(ids) => <Input {...ids} type="tel" required maxLength={40} autoComplete="tel" {...form.register('phone')} />}
        </Field>
      </div>
      <Field id="sales-plan" label={t('fields.plan')} required error={message(errors.plan?.message)}>
        {(ids) => (
          <Select {...ids} required {...form.register('plan')}>
            {/* First and choosable, so that it is what shows until a plan is chosen, in the page the server sent too: a
                disabled first option would leave the browser showing the first plan as if it had been chosen. */}
            <option value="">
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
      <Field id="sales-message" label={<>{t('fields.message')} {optional}</>} error={message(errors.message?.message)}>
        {(ids) => <Textarea {...ids} maxLength={2000} rows={4} {...form.register('message')} />}
      </Field>
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={sending || !hydrated}>
        {sending && <Spinner />}
        {sending ? t('sending') : t('submit')}
      </Button>
      <p className="text-sm text-slate-600">
        <a href={mailto} className="font-medium text-brand-800 underline underline-offset-2">
          {ltrValues(t('writeToUs', { email: ltr(publicConfig.salesEmail) }))}
        </a>
      </p>
    </form>
  );
}
