import { useId, useState, type FormEvent, useEffect, useRef } from 'react';
import { CheckCircle2, Mail } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { FieldError } from '@client/components/ui/label';
import { Input } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api';
import { newsletterSignupSchema } from '@shared/contact.schema';
import { useNewsletterSignup } from '../api/contact';
import { FALLBACK_ERROR, NEWSLETTER_TEXTS } from './form-texts';
import { NEWSLETTER_ISLAND } from './newsletter-island';

/** The newsletter box: validates the address inline, subscribes it once and thanks the visitor. */
export function NewsletterForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  // Pre-rendered, with its scripts starting after the first paint: take up an address typed before hydration.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const signup = useNewsletterSignup();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The field itself, not the state: a sign-up sent before hydration is replayed before the state has caught up.
    const parsed = newsletterSignupSchema.safeParse({ email: inputRef.current?.value ?? email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? FALLBACK_ERROR);
      return;
    }
    setError(null);
    signup.mutate(parsed.data, {
      onError: (err) => setError(err instanceof ApiError ? (err.serverMessage ?? FALLBACK_ERROR) : FALLBACK_ERROR),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-ink p-6 text-white sm:p-8">
      <div className="flex items-center gap-3">
        <Mail className="h-6 w-6 text-emerald-300" aria-hidden="true" />
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Get new articles by e-mail
        </h2>
      </div>
      <p className="mt-2 max-w-xl text-sm text-slate-200">
        Practical notes on publishing AI-assisted content that readers and search engines trust. One e-mail when
        we publish, never more than twice a month. Unsubscribe with one click.
      </p>
      {signup.isSuccess ? (
        <p role="status" className="mt-5 flex items-center gap-2 font-medium text-emerald-200">
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          {NEWSLETTER_TEXTS.thanks}
        </p>
      ) : (
        <form noValidate onSubmit={onSubmit} data-island={NEWSLETTER_ISLAND} className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="flex-1">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <Input
              id={`${id}-email`}
              ref={inputRef}
              type="email"
              autoComplete="email"
              placeholder="you@example.co.uk"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-error` : undefined}
              className="text-slate-900"
            />
            <div className="mt-2 [&_p]:text-red-200" data-newsletter-error="">
              <FieldError id={`${id}-error`} message={error ?? undefined} />
            </div>
          </div>
          <Button type="submit" variant="accent" disabled={signup.isPending} className="sm:w-auto">
            {signup.isPending ? NEWSLETTER_TEXTS.subscribing : NEWSLETTER_TEXTS.subscribe}
          </Button>
        </form>
      )}
    </section>
  );
}
