import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, signUpSchema, type SignUpInput } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { usePageMeta } from '@client/lib/page-meta';
import { useSiteConfig } from '@client/lib/site-config';
import { signUpWithPassword } from './api/identity';

export default function SignUpPage() {
  usePageMeta();
  const site = useSiteConfig();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  useEffect(() => {
    if (site.signIn.provider === 'oidc') window.location.replace('/api/login?screen_hint=signup');
  }, [site.signIn.provider]);

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
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Create account</h1>
          <p className="text-sm text-slate-600">Order human review and follow every step from your dashboard.</p>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
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
            <FormField label="Email" error={formState.errors.email?.message}>
              {(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}
            </FormField>
            <FormField label="Password" error={formState.errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
              {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
            </FormField>
            <Button type="submit" variant="accent" size="lg" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? 'Creating account...' : 'Create account'}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            Already have an account?{' '}
            <Link href="/sign-in" className="text-accent font-medium underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
