import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import type { loginSchema, signupSchema } from '#shared/auth.ts';
import { PASSWORD_MIN_LENGTH, type Role } from '#shared/constants.ts';
import { Field, Input } from '@/components/ui/field';
import { useSendOnce } from '@/hooks/use-send-once';
import { toast } from '@/hooks/use-toast';
import { errorMessage } from '@/lib/error-message';
import { homePathFor } from '@/lib/auth';
import { translateValidation } from '@/lib/validation-message';
import { useLogIn } from '../api/log-in';
import { useSignUp } from '../api/sign-up';
import { PasswordField } from './password-field';
import { SubmitButton } from './submit-button';

/**
 * The forms' checks (zod and the schemas, a seventh of the sign-in page's scripts) are asked for when the person
 * first reaches a field, and a check made before they have arrived waits for them: the page carries less
 * (docs/decisions/0051), and they are there long before a person has typed an address and a password.
 */
const loadChecks = () => import('../lib/auth-form-checks');
type Checks = Awaited<ReturnType<typeof loadChecks>>;
function checkedBy<Input extends FieldValues, Output>(pick: (checks: Checks) => Resolver<Input, unknown, Output>): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const checks = await loadChecks().catch(() => null);
    // Checks that could not arrive (the connection dropped) do not hold the form: it goes as typed, and the server,
    // which checks it too, answers with what it finds.
    return checks ? pick(checks)(values, context, options) : { values: values as unknown as Output, errors: {} };
  };
}
const prepareChecks = () => void loadChecks();

const checkSignIn = checkedBy((checks) => checks.checkSignIn);
const checkSignUp = checkedBy((checks) => checks.checkSignUp);

export function SignInForm({ email: invitedEmail }: { email?: string | undefined } = {}) {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  const logIn = useLogIn();
  const sendOnce = useSendOnce();
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: checkSignIn,
    defaultValues: { email: invitedEmail ?? '', password: '' },
  });
  // The address a team invitation went to, the only one that can join it, in an empty field: the page may learn it
  // after the form is drawn.
  useEffect(() => {
    if (invitedEmail && !form.getValues('email')) form.setValue('email', invitedEmail);
  }, [form, invitedEmail]);
  const { errors } = form.formState;
  // Registered in the page's order: a refused form takes the person to its first refused field, in that order.
  const email = form.register('email');
  const password = form.register('password');

  const onSubmit = form.handleSubmit((values) =>
    sendOnce(() =>
      logIn.mutateAsync(values, {
        // In the form's place: Back does not bring a signed-in person to a form that only sends them on.
        onSuccess: (user) => navigate(afterSignIn(user), { replace: true }),
        onError: (error) =>
          toast({ variant: 'destructive', title: t('signIn.failed'), description: errorMessage(error, t('signIn.failedFallback')) }),
      }),
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={prepareChecks} noValidate className="space-y-5">
      <Field id="sign-in-email" label={t('fields.email')} error={translateValidation(t, errors.email?.message)}>
        {(ids) => <Input {...ids} type="email" autoComplete="email" inputMode="email" {...email} />}
      </Field>
      <PasswordField
        id="sign-in-password"
        label={t('fields.password')}
        error={translateValidation(t, errors.password?.message)}
        autoComplete="current-password"
        registration={password}
      />
      <div className="flex justify-end">
        <Link href="/forgot-password" className="text-sm font-medium text-brand-800 underline underline-offset-2">
          {t('signIn.forgot')}
        </Link>
      </div>
      <SubmitButton pending={logIn.isPending} label={t('signIn.submit')} pendingLabel={t('signIn.submitting')} />
    </form>
  );
}

/** Back to the invitation that sent the visitor to sign in (?invite=), else where the account belongs. */
function afterSignIn(user: Parameters<typeof homePathFor>[0]): string {
  const invite = new URLSearchParams(window.location.search).get('invite');
  return invite ? `/invite?token=${encodeURIComponent(invite)}` : homePathFor(user);
}

export function SignUpForm({ role, email: invitedEmail }: { role?: Role; email?: string | undefined }) {
  const { t } = useTranslation('auth');
  const [, navigate] = useLocation();
  // Said while the form waits to try again because many people are signing up (the server asked it to).
  const [busy, setBusy] = useState(false);
  const signUp = useSignUp(() => setBusy(true));
  const sendOnce = useSendOnce();
  const form = useForm<z.input<typeof signupSchema>, unknown, z.output<typeof signupSchema>>({
    resolver: checkSignUp,
    defaultValues: { email: invitedEmail ?? '', password: '', firstName: '', lastName: '' },
  });
  // The invited address, as in the sign-in form.
  useEffect(() => {
    if (invitedEmail && !form.getValues('email')) form.setValue('email', invitedEmail);
  }, [form, invitedEmail]);
  const { errors } = form.formState;
  // Registered in the page's order, as in the sign-in form.
  const firstName = form.register('firstName');
  const lastName = form.register('lastName');
  const email = form.register('email');
  const password = form.register('password');

  const onSubmit = form.handleSubmit((values) =>
    sendOnce(() =>
      signUp.mutateAsync(
        { ...values, role },
        {
          onSettled: () => setBusy(false),
          // No welcome toast over the next page's form: the line under the top bar says where the confirmation link went.
          onSuccess: (user) => navigate(afterSignIn(user), { replace: true }),
          onError: (error) =>
            toast({ variant: 'destructive', title: t('signUp.failed'), description: errorMessage(error, t('signUp.failedFallback')) }),
        },
      ),
    ),
  );

  return (
    <form onSubmit={onSubmit} onFocus={prepareChecks} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="sign-up-first-name" label={<>{t('fields.firstName')} <span className="font-normal text-slate-600">{t('fields.optional')}</span></>} error={translateValidation(t, errors.firstName?.message)}>
          {(ids) => <Input {...ids} autoComplete="given-name" {...firstName} />}
        </Field>
        <Field id="sign-up-last-name" label={<>{t('fields.lastName')} <span className="font-normal text-slate-600">{t('fields.optional')}</span></>} error={translateValidation(t, errors.lastName?.message)}>
          {(ids) => <Input {...ids} autoComplete="family-name" {...lastName} />}
        </Field>
      </div>
      <Field id="sign-up-email" label={t('fields.email')} error={translateValidation(t, errors.email?.message)}>
        {(ids) => <Input {...ids} type="email" autoComplete="email" inputMode="email" {...email} />}
      </Field>
      <PasswordField
        id="sign-up-password"
        label={t('fields.password')}
        hint={t('fields.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        error={translateValidation(t, errors.password?.message)}
        autoComplete="new-password"
        registration={password}
      />
      <SubmitButton pending={signUp.isPending} label={t('signUp.submit')} pendingLabel={t('signUp.submitting')} />
      <p role="status" className="text-center text-sm text-slate-700 empty:hidden">
        {busy && signUp.isPending ? t('signUp.busyRetrying') : ''}
      </p>
    </form>
  );
}
