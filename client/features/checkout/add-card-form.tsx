import { lazy, Suspense, useState, type FormEvent } from 'react';
import { SANDBOX_CARDS } from '@shared/payment.schema';
import type { SavedCard } from '@shared/saved-cards.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { useSiteConfig } from '@client/lib/site-config';
import { useAddSandboxCard } from '@client/features/saved-cards';
import { formatCardNumber } from './card-format';
import { CardFields, useCardFields } from './card-fields';

const StripeSetupForm = lazy(() => import('./stripe-setup-form'));

/** The sandbox's "Add card": the card form's fields and rules; the sandbox accepts its success test card only. */
function SandboxAddCardForm({ onAdded }: { onAdded: (card: SavedCard) => void }) {
  const card = useCardFields();
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddSandboxCard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const input = card.checked();
    if (!input) return;
    setFailure(null);
    add.mutate(input, {
      onSuccess: onAdded,
      onError: (error) => setFailure((error instanceof ApiError ? error.serverMessage : undefined) ?? 'The card could not be saved.'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Add a card (test mode)">
      <p className="text-sm text-slate-700">
        Test mode: <span className="font-mono">{formatCardNumber(SANDBOX_CARDS.success)}</span> with any future expiry date and any CVC
        is accepted. Nothing is charged.
      </p>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <CardFields card={card} />
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
