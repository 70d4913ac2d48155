import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useErrorSummary } from '@client/components/ui/error-summary';
import { FormField, FormAlert } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactMessageSchema, type ContactMessageInput } from '@shared/contact.schema';
import { useSendContactMessage } from '../api/contact';
import { CONTACT_TEXTS, FALLBACK_ERROR } from './form-texts';
import { CONTACT_FORM_ISLAND, CONTACT_FORM_FIELDS, CONTACT_FORM_LABELS } from './contact-form-island';

const EMPTY: ContactMessageInput = { firstName: '', lastName: '', email: '', subject: '', message: '' };

/**
 * The contact form: inline validation with the API's own schema; the values survive a failed send. A visitor's
 * /contact runs the same form without React (contact-form-island.ts, decision 071): keep the `data-island` mark and
 * the field names.
 */
export function ContactForm() {
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageSchema),
    // No defaultValues: the page is pre-rendered and its scripts start after the first paint, so a visitor may
    // type before it hydrates; without a default, each field takes up what its input already holds.
    shouldFocusError: false, // the error summary takes the focus
  });
  const { register, handleSubmit, formState, reset, setFocus } = form;
  const errorSummary = useErrorSummary(form, CONTACT_FORM_FIELDS.map((name) => [name, CONTACT_FORM_LABELS[name]] as const));
  const { errors } = formState;

  // A link may prefill the form (the order form's "Ask for a quote", decision 069): only fields still empty, so
  // nothing typed before hydration is overwritten; limited to each field's length.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const limits: Record<keyof ContactMessageInput, number> = {
      firstName: CONTACT_LIMITS.name,
      lastName: CONTACT_LIMITS.name,
      email: CONTACT_LIMITS.email,
      subject: CONTACT_LIMITS.subject,
      message: CONTACT_LIMITS.message,
    };
    for (const name of Object.keys(limits) as (keyof ContactMessageInput)[]) {
      const value = params.get(name);
      if (value && !form.getValues(name)) form.setValue(name, value.slice(0, limits[name]));
    }
  }, [form]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      reset(EMPTY);
    } catch {
      // Shown below from send.error; the typed message stays in the form.
    }
  }, errorSummary.onInvalid);

  if (send.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl border border-emerald-200 bg-accent-soft p-6">
        <CheckCircle2 className="h-8 w-8 text-accent" aria-hidden="true" />
        <p className="text-lg font-semibold text-slate-900">{CONTACT_MESSAGES.sent}</p>
        <p className="text-sm text-slate-700">{CONTACT_TEXTS.thanks}</p>
        <Button
          variant="outline"
          onClick={() => {
            send.reset();
            setTimeout(() => setFocus('firstName'), 0);
          }}
        >
          {CONTACT_TEXTS.another}
        </Button>
      </div>
    );
  }

  const serverError =
    send.error instanceof ApiError ? (send.error.serverMessage ?? FALLBACK_ERROR) : send.error ? FALLBACK_ERROR : null;

  return (
    <form noValidate onSubmit={onSubmit} data-island={CONTACT_FORM_ISLAND} className="flex flex-col gap-5" aria-label="Contact form">
      {errorSummary.summary}
      {serverError ? (
        <FormAlert>{serverError}</FormAlert>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" error={errors.firstName?.message}>
          {(p) => <Input {...p} autoComplete="given-name" maxLength={CONTACT_LIMITS.name} {...register('firstName')} />}
        </FormField>
        <FormField label="Last name" error={errors.lastName?.message}>
          {(p) => <Input {...p} autoComplete="family-name" maxLength={CONTACT_LIMITS.name} {...register('lastName')} />}
        </FormField>
      </div>
      <FormField label="Email" error={errors.email?.message}>
        {(p) => <Input {...p} type="email" autoComplete="email" maxLength={CONTACT_LIMITS.email} {...register('email')} />}
      </FormField>
      <FormField label="Subject" error={errors.subject?.message}>
        {(p) => <Input {...p} maxLength={CONTACT_LIMITS.subject} {...register('subject')} />}
      </FormField>
      <FormField label="Message" error={errors.message?.message}>
        {(p) => <Textarea {...p} rows={6} maxLength={CONTACT_LIMITS.message} {...register('message')} />}
      </FormField>
      <Button type="submit" variant="accent" size="lg" disabled={formState.isSubmitting} className="self-start">
        <Send className="h-4 w-4" aria-hidden="true" />
        {formState.isSubmitting ? CONTACT_TEXTS.sending : CONTACT_TEXTS.send}
      </Button>
    </form>
  );
}
