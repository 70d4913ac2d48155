import { useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { usePageMeta } from '@client/lib/page-meta';
import { requestPasswordReset } from './api/identity';

const forgotSchema = z.object({ email: emailSchema });
type ForgotInput = z.infer<typeof forgotSchema>;

/** "Forgot password?": the same answer for every address, so the page never tells whether it has an account. */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Reset the password of your HumanProof account.');
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotInput>({
    resolver: zodResolver(forgotSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await requestPasswordReset(email);
    if (result.ok) setSent(true);
    else setFormError(result.message ?? null);
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Forgot your password?</h1>
          <p className="text-sm text-slate-600">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        </CardHeader>
        <CardContent>
          {sent ? (
            <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
              {ACCOUNT_MESSAGES.resetRequested}
            </p>
          ) : (
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              {formError ? (
                <FormAlert>{formError}</FormAlert>
              ) : null}
              <FormField label="Email" error={formState.errors.email?.message}>
                {(p) => <Input {...p} type="email" autoComplete="email" {...register('email')} />}
              </FormField>
              <Button type="submit" size="lg" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Sending...' : 'Send reset link'}
              </Button>
            </form>
          )}
          <p className="mt-6 text-center text-sm text-slate-600">
            Remembered it?{' '}
            <Link href="/sign-in" className="text-accent font-medium underline">
              Back to sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
