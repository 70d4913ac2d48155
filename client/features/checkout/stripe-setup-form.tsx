import { useEffect, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { PAYMENT_MESSAGES } from '@shared/payment.schema';
import type { CardSetupResponse, SavedCard } from '@shared/saved-cards.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { Skeleton } from '@client/components/ui/skeleton';
import { ApiError } from '@client/lib/api';
import { completeCardSetup, startCardSetup } from '@client/features/saved-cards';
import { stripeFor } from './stripe-payment-form';

const messageOf = (error: unknown) =>
  (error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined) ?? PAYMENT_MESSAGES.setupFailed;

function SetupForm({ onAdded }: { onAdded: (card: SavedCard) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await stripe.confirmSetup({
        elements,
        confirmParams: { return_url: `${window.location.origin}/settings` },
        redirect: 'if_required',
      });
      if (result.error) setFailure(result.error.message ?? PAYMENT_MESSAGES.setupFailed);
      else onAdded(await completeCardSetup(result.setupIntent.id));
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4" aria-label="Add a card">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <PaymentElement />
      <div>
        <Button type="submit" disabled={!stripe || !elements || busy}>
          {busy ? 'Saving...' : 'Save card'}
        </Button>
      </div>
    </form>
  );
}

/** Stripe's "Add card": a SetupIntent for the account's customer, confirmed here, nothing charged. */
export default function StripeSetupForm({ onAdded }: { onAdded: (card: SavedCard) => void }) {
  const [setup, setSetup] = useState<CardSetupResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    startCardSetup().then(
      (answer) => live && setSetup(answer),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, []);
  if (failure) return <FormAlert>{failure}</FormAlert>;
  if (!setup) return <Skeleton className="h-40 w-full" />;
  return (
    <Elements
      stripe={stripeFor(setup.publishableKey)}
      options={{ clientSecret: setup.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#047857' } } }}
    >
      <SetupForm onAdded={onAdded} />
    </Elements>
  );
}
