import { useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { LOGIN_URL } from '@client/lib/login-redirect';
import { usePageMeta } from '@client/lib/page-meta';
import { AuthCard, AuthNotice, AuthSubmit, AuthSwitch, EmailField, useOidcRedirect } from './auth-card';
import { signInWithPassword } from './api/identity';

export default function SignInPage() {
  usePageMeta();
  const [formError, setFormError] = useState<string | null>(null);
  // After "Forgot password" → new password, the reset page sends the customer here with ?reset=done.
  const [notice] = useState(() =>
    new URLSearchParams(window.location.search).get('reset') === 'done' ? ACCOUNT_MESSAGES.passwordReset : null,
  );
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  useOidcRedirect(LOGIN_URL);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signInWithPassword(values);
    if (result.ok) window.location.assign('/auth-success');
    else setFormError(result.message ?? null);
  });

  return (
    <AuthCard title="Sign in" lead="Welcome back to HumanProof.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {notice && !formError ? (
          <AuthNotice>{notice}</AuthNotice>
        ) : null}
        {formError ? (
          <FormAlert>{formError}</FormAlert>
        ) : null}
        <EmailField field={register('email')} error={formState.errors.email?.message} />
        <FormField label="Password" error={formState.errors.password?.message}>
          {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
        </FormField>
        <p className="-mt-2 text-right text-sm">
          <Link href="/forgot-password" className="text-accent font-medium underline">
            Forgot password?
          </Link>
        </p>
        <AuthSubmit submitting={formState.isSubmitting} label="Sign in" busyLabel="Signing in..." />
      </form>
      <AuthSwitch prompt="New to HumanProof?" href="/sign-up" label="Create an account" />
    </AuthCard>
  );
}
