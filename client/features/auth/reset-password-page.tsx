import { useState } from 'react';
import { Link } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PASSWORD_MIN, passwordSchema } from '@shared/auth.schema';
import { ACCOUNT_MESSAGES } from '@shared/account.schema';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { usePageMeta } from '@client/lib/page-meta';
import { AuthCard, AuthSubmit } from './auth-card';
import { resetPassword } from './api/identity';

const resetSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type ResetInput = z.infer<typeof resetSchema>;

/** The token travels in the link's fragment (#token=...), so it never reaches a server log or a Referer. */
function tokenFromLink(): string | null {
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return hash.get('token');
}

export default function ResetPasswordPage() {
  usePageMeta('Choose a new password', 'Choose a new password for your HumanProof account.');
  const [token] = useState(tokenFromLink);
  const [formError, setFormError] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.resetLinkInvalid);
  const { register, handleSubmit, formState } = useForm<ResetInput>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setFormError(null);
    const result = await resetPassword(token, password);
    if (result.ok) window.location.assign('/sign-in?reset=done');
    else setFormError(result.message ?? null);
  });

  return (
    <AuthCard title="Choose a new password" lead="Changing it signs you out on every other device.">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? (
          <FormAlert>
            {formError}{' '}
            {formError === ACCOUNT_MESSAGES.resetLinkInvalid ? (
              <Link href="/forgot-password" className="font-medium underline">
                Send a new link
              </Link>
            ) : null}
          </FormAlert>
        ) : null}
        <FormField label="New password" error={formState.errors.password?.message} hint={`At least ${PASSWORD_MIN} characters.`}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('password')} />}
        </FormField>
        <FormField label="Confirm new password" error={formState.errors.confirm?.message}>
          {(p) => <Input {...p} type="password" autoComplete="new-password" {...register('confirm')} />}
        </FormField>
        <AuthSubmit submitting={formState.isSubmitting} label="Set new password" busyLabel="Saving..." disabled={!token} />
      </form>
    </AuthCard>
  );
}
