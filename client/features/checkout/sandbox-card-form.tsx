import { useState, type FormEvent } from 'react';
import { FlaskConical, Lock } from 'lucide-react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { SANDBOX_CARDS } from '@shared/payment.schema';
import { ApiError } from '@client/lib/api';
import { useConfirmSandboxPayment } from './api/confirm-sandbox-payment';
import { formatCardNumber } from './card-format';
import { CardFields, useCardFields } from './card-fields';
import { usePaymentSucceeded } from './payment-outcome';
import { SaveCardCheckbox } from './save-card-checkbox';
import { useRefreshSavedCards } from '@client/features/saved-cards';
import { useToastKeepClearRef } from '@client/components/ui/toast-clearance';

export const TEST_CARDS = [
  { number: formatCardNumber(SANDBOX_CARDS.success), outcome: 'succeeds' },
  { number: formatCardNumber(SANDBOX_CARDS.declined), outcome: 'is declined' },
  { number: formatCardNumber(SANDBOX_CARDS.insufficientFunds), outcome: 'fails with insufficient funds' },
] as const;

/** The built-in test-mode card form (decision 006, sandbox card answers): the server decides the outcome. */
export function SandboxCardForm({ clientSecret, payLabel }: { clientSecret: string; payLabel: string }) {
  const card = useCardFields();
  const keepClear = useToastKeepClearRef<HTMLButtonElement>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const onPaid = usePaymentSucceeded();
  const refreshSavedCards = useRefreshSavedCards();

  const confirm = useConfirmSandboxPayment();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirm.isPending) return;
    const input = card.checked();
    if (!input) return;
    setFailure(null);
    // mutateAsync, not mutate's callbacks: the live update of the order now paid can replace the checkout (and this
    // form) before the answer is handled, and a callback of an unmounted mutate never runs.
    confirm
      .mutateAsync({ clientSecret, ...input, saveCard })
      .then(
        () => {
          if (saveCard) void refreshSavedCards();
          void onPaid();
        },
        // The "Payment Failed" notice is the data layer's; the form keeps the reason beside the button.
        (error: unknown) => setFailure((error instanceof ApiError ? error.serverMessage : undefined) ?? null),
      );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Card payment (test mode)">
      <div className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div className="text-sm">
          <p className="flex items-center gap-2 font-semibold">
            Test mode <Badge tone="yellow">No real card is charged</Badge>
          </p>
          <p className="mt-1">Use one of these test cards with any future expiry date and any CVC:</p>
          <ul className="mt-1 flex flex-col gap-0.5">
            {TEST_CARDS.map((card) => (
              <li key={card.number}>
                <span className="font-mono">{card.number}</span> {card.outcome}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {failure ? (
        <FormAlert>{failure}</FormAlert>
      ) : null}
      <CardFields card={card} />
      <SaveCardCheckbox checked={saveCard} onChange={setSaveCard} disabled={confirm.isPending} />
      <Button ref={keepClear} type="submit" variant="accent" size="lg" className="w-full" disabled={confirm.isPending}>
        <Lock className="h-4 w-4" aria-hidden="true" />
        {confirm.isPending ? 'Processing...' : payLabel}
      </Button>
    </form>
  );
}
