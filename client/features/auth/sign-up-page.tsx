import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, signUpSchema, type SignUpInput } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { useErrorSummary } from '@client/components/ui/error-summary';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { SIGN_UP_URL } from '@client/lib/login-redirect';
import { usePageMeta } from '@client/lib/page-meta';
import { AuthCard, AuthSubmit, AuthSwitch, EmailField, useOidcRedirect } from './auth-card';
import { signUpWithPassword } from './api/identity';
import { typedContact } from './pending-order';

export default function SignUpPage() {
  usePageMeta();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
    shouldFocusError: false, // the error summary takes the focus
  });
  const { register, handleSubmit, formState } = form;
  const errorSummary = useErrorSummary(form, [
    ['firstName', 'First name'],
    ['lastName', 'Last name'],
    ['email', 'Email'],
    ['password', 'Password'],
  ]);
  useOidcRedirect(SIGN_UP_URL);
  // The name and e-mail just typed into the order form (issue 45): only into fields still empty.
  useEffect(() => {
    const typed = typedContact();
    if (!typed) return;
    for (const name of ['firstName', 'lastName', 'email'] as const) {
      if (typed[name] && !form.getValues(name)) form.setValue(name, typed[name]);
    }
  }, [form]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signUpWithPassword(values);
    if (result.ok && result.created) {
      window.location.assign('/auth-success');
    } else if (result.ok) {
      setFormError(ACCOUNT_MESSAGES.signUpNeutral);
    } else {
      setFormError(result.message ?? null);
    }
  }, errorSummary.onInvalid);

  return (
    <AuthCard title="Create account" lead="Order human review and follow every step from your dashboard.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {errorSummary.summary}
        {formError ? (
          <FormAlert>
            {formError}
            {formError === ACCOUNT_MESSAGES.signUpNeutral ? (
              <span className="mt-2 flex gap-4">
                <Link href="/sign-in" className="font-medium underline">
                  Sign in
                </Link>
                <Link href="/forgot-password" className="font-medium underline">
                  Reset your password
                </Link>
              </span>
            ) : null}
          </FormAlert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="First name" error={formState.errors.firstName?.message}>
            {(p) => <Input {...p} autoComplete="given-name" {...register('firstName')} />}
          </FormField>
          <FormField label="Last name" error={formState.errors.lastName?.message}>
            {(p) => <Input {...p} autoComplete="family-name" {...register('lastName')} />}
          </FormField>
        </div>
        <EmailField field={register('email')} error={formState.errors.email?.message} />
        <FormField label="Password" error={formState.errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <AuthSubmit submitting={formState.isSubmitting} label="Create account" busyLabel="Creating account..." variant="accent" />
      </form>
      <AuthSwitch prompt="Already have an account?" href="/sign-in" label="Sign in" />
    </AuthCard>
  );
}
