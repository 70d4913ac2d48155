import { lazy, Suspense, useState, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { SANDBOX_CARDS } from '@shared/payment.schema';
import type { SavedCard } from '@shared/saved-cards.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert, FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useSiteConfig } from '@client/lib/site-config';
import { useAddSandboxCard } from '@client/features/saved-cards';
import { checkCardFields, formatCardNumber, formatExpiry, onlyDigits, type CardFieldErrors } from './card-format';

const StripeSetupForm = lazy(() => import('./stripe-setup-form'));

/** The sandbox's "Add card": the card form's fields and rules; the sandbox accepts its success test card only. */
function SandboxAddCardForm({ onAdded }: { onAdded: (card: SavedCard) => void }) {
  const [fields, setFields] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<CardFieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddSandboxCard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const found = checkCardFields(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    add.mutate(
      { cardNumber: onlyDigits(fields.cardNumber), expiry: fields.expiry.replace(/\s+/g, ''), cvc: fields.cvc },
      {
        onSuccess: onAdded,
        onError: (error) => setFailure((error instanceof ApiError ? error.serverMessage : undefined) ?? 'The card could not be saved.'),
      },
    );
  };
  const set = (key: keyof typeof fields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add a card (test mode)">
      <p className="text-sm text-slate-700">
        Test mode: <span className="font-mono">{formatCardNumber(SANDBOX_CARDS.success)}</span> with any future expiry date and any CVC
        is accepted. Nothing is charged.
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <FormField label="Card number" error={errors.cardNumber}>
        {(p) => (
          <div className="relative">
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              className="pl-10 font-mono"
              value={fields.cardNumber}
              onChange={(e) => set('cardNumber', formatCardNumber(e.target.value))}
            />
            <CreditCard className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
          </div>
        )}
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry" error={errors.expiry}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              className="font-mono"
              value={fields.expiry}
              onChange={(e) => set('expiry', formatExpiry(e.target.value))}
            />
          )}
        </FormField>
        <FormField label="CVC" error={errors.cvc}>
          {(p) => (
            <Input
              {...p}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              className="font-mono"
              value={fields.cvc}
              onChange={(e) => set('cvc', onlyDigits(e.target.value).slice(0, 4))}
            />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Saving...' : 'Save card'}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Add card" in Settings → Billing (decision 045): a card saved without a payment. Stripe: a SetupIntent confirmed
 * by the Payment Element (loaded only then); the sandbox: its test card form.
 */
export function AddCardForm({ onAdded }: { onAdded: (card: SavedCard) => void }) {
  const { payments } = useSiteConfig();
  if (payments.provider === 'stripe' && payments.publishableKey) {
    return (
      <Suspense fallback={<Skeleton className="h-40 w-full" />}>
        <StripeSetupForm onAdded={onAdded} />
      </Suspense>
    );
  }
  return <SandboxAddCardForm onAdded={onAdded} />;
}
