import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { FormAlert } from '@client/components/ui/form-field';
import { usePageMeta } from '@client/lib/page-meta';
import { AuthCard, AuthNotice, AuthSubmit, AuthSwitch, EmailField } from './auth-card';
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
    <AuthCard title="Forgot your password?" lead="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      {sent ? (
        <AuthNotice>{ACCOUNT_MESSAGES.resetRequested}</AuthNotice>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {formError ? (
            <FormAlert>{formError}</FormAlert>
          ) : null}
          <EmailField field={register('email')} error={formState.errors.email?.message} />
          <AuthSubmit submitting={formState.isSubmitting} label="Send reset link" busyLabel="Sending..." />
        </form>
      )}
      <AuthSwitch prompt="Remembered it?" href="/sign-in" label="Back to sign in" />
    </AuthCard>
  );
}
