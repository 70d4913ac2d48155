import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { emailSchema } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { changeEmail } from '@client/features/auth';

const changeEmailSchema = z.object({
  newEmail: emailSchema,
  password: z.string().min(1, 'Enter your current password'),
});
type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** "Change e-mail": a link goes to the new address, and the change happens only when it is opened. */
export function ChangeEmailForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeEmailInput>({ resolver: zodResolver(changeEmailSchema), defaultValues: { newEmail: '', password: '' } });

  const onSubmit = form.handleSubmit(async ({ newEmail, password }) => {
    setFormError(null);
    setSentTo(null);
    const result = await changeEmail(newEmail, password);
    if (result.ok) {
      setSentTo(newEmail);
      form.reset();
    } else if (result.message === ACCOUNT_MESSAGES.wrongPassword) {
      form.setError('password', { message: result.message });
    } else setFormError(result.message ?? null);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change e-mail">
      {formError ? (
        <FormAlert>{formError}</FormAlert>
      ) : null}
      {sentTo ? (
        <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {ACCOUNT_MESSAGES.changeEmailSent}
        </p>
      ) : null}
      <FormField label="New e-mail address" error={form.formState.errors.newEmail?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" {...form.register('newEmail')} />}
      </FormField>
      <FormField label="Current password" error={form.formState.errors.password?.message}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending...' : 'Send confirmation link'}
        </Button>
      </div>
    </form>
  );
}
