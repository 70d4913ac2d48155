import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PASSWORD_MIN, passwordSchema } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { Button } from '@client/components/ui/button';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { changePassword } from '@client/features/auth';
import { queryKeys } from '@client/lib/query-keys';

const changeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Enter your current password'),
    newPassword: passwordSchema,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ChangeInput = z.infer<typeof changeSchema>;

/** Current + new password; the server always ends the other sessions. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ChangeInput>({
    resolver: zodResolver(changeSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const result = await changePassword(values.currentPassword, values.newPassword);
    if (!result.ok) {
      if (result.message === ACCOUNT_MESSAGES.wrongPassword) form.setError('currentPassword', { message: result.message });
      else setFormError(result.message ?? null);
      return;
    }
    form.reset();
    await queryClient.invalidateQueries({ queryKey: queryKeys.account.sessions });
    toast({ title: 'Password changed', description: ACCOUNT_MESSAGES.passwordChanged });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Change password">
      {formError ? (
        <FormAlert>{formError}</FormAlert>
      ) : null}
      <FormField label="Current password" error={errors.currentPassword?.message}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="New password" error={errors.newPassword?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
        </FormField>
        <FormField label="Confirm new password" error={errors.confirm?.message}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('confirm')} />}
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
