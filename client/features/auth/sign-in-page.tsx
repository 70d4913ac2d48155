import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { signInSchema, type SignInInput } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { signInWithPassword } from './api/identity';

export default function SignInPage() {
  usePageMeta();
  const site = useSiteConfig();
  const [formError, setFormError] = useState<string | null>(null);
  // After "Forgot password" → new password, the reset page sends the customer here with ?reset=done.
  const [notice] = useState(() =>
    new URLSearchParams(window.location.search).get('reset') === 'done' ? ACCOUNT_MESSAGES.passwordReset : null,
  );
  const { register, handleSubmit, formState } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  useEffect(() => {
    if (site.signIn.provider === 'oidc') window.location.replace('/api/login');
  }, [site.signIn.provider]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const result = await signInWithPassword(values);
    if (result.ok) window.location.assign('/auth-success');
    else setFormError(result.message ?? null);
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Sign in</h1>
          <p className="text-sm text-slate-600">Welcome back to HumanProof.</p>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {notice && !formError ? (
              <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
                {notice}
              </p>
            ) : null}
            {formError ? (
              <FormAlert>{formError}</FormAlert>
            ) : null}
            <FormField label="Email" error={formState.errors.email?.message}>
              {(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}
            </FormField>
            <FormField label="Password" error={formState.errors.password?.message}>
              {(p) => <Input {...p} type="password" autoComplete="current-password" {...register('password')} />}
            </FormField>
            <p className="-mt-2 text-right text-sm">
              <Link href="/forgot-password" className="text-accent font-medium underline">
                Forgot password?
              </Link>
            </p>
            <Button type="submit" size="lg" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Signing in...' : 'Sign in'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            New to HumanProof?{' '}
            <Link href="/sign-up" className="text-accent font-medium underline">
              Create an account
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
