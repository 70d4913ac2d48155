import { useState, type FormEvent } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { Lock } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { chooseStripeSaveCard, useRefreshSavedCards } from '@client/features/saved-cards';
import { showPaymentFailed, usePaymentSucceeded } from './payment-outcome';
import { SaveCardCheckbox } from './save-card-checkbox';
import { useToastKeepClearRef } from '@client/components/ui/toast-clearance';

// One Stripe.js per publishable key; this module is its own chunk, loaded only for the Stripe provider.
const stripes = new Map<string, Promise<Stripe | null>>();
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function PaymentForm({ clientSecret, payLabel }: { clientSecret: string; payLabel: string }) {
  const keepClear = useToastKeepClearRef<HTMLButtonElement>();
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [saveCard, setSaveCard] = useState(false);
  // What the PaymentIntent was last told: "Save this card" is sent only when it changes.
  const [sentSave, setSentSave] = useState(false);
  const onPaid = usePaymentSucceeded();
  const refreshSavedCards = useRefreshSavedCards();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || busy) return;
    setBusy(true);
    try {
      if (saveCard !== sentSave) {
        // The server sets the customer and setup_future_usage on the intent; the Payment Element then reads them.
        await chooseStripeSaveCard({ clientSecret, save: saveCard });
        setSentSave(saveCard);
        const updated = await elements.fetchUpdates();
        if (updated.error) {
          showPaymentFailed(updated.error.message);
          return;
        }
      }
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}/dashboard` },
        redirect: 'if_required',
      });
      if (result.error) showPaymentFailed(result.error.message);
      else {
        if (saveCard) void refreshSavedCards();
        await onPaid();
      }
    } catch (error) {
      showPaymentFailed(error instanceof ApiError ? error.serverMessage : error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <PaymentElement />
      <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} disabled={busy} />
      <Button ref={keepClear} type="submit" variant="accent" size="lg" className="w-full" disabled={!stripe || !elements || busy}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {busy ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}

export default function StripePaymentForm({
  clientSecret,
  publishableKey,
  payLabel,
}: {
  clientSecret: string;
  publishableKey: string;
  payLabel: string;
}) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#047857' } } }}
    >
      <PaymentForm clientSecret={clientSecret} payLabel={payLabel} />
    </Elements>
  );
}
