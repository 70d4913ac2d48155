import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { CreditCard } from 'lucide-react';
import { cardExpiry, cardName, type SavedCard } from '@shared/saved-cards.schema';
import { Button } from '@client/components/ui/button';
import { FormAlert } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { usePayWithSavedCard, useSavedCards } from '@client/features/saved-cards';
import { PAYMENT_FAILED_FALLBACK, usePaymentSucceeded } from './payment-outcome';
import { useToastKeepClearRef } from '@client/components/ui/toast-clearance';

/**
 * Checkout's one-click payment (decision 045): each saved card is a "Pay £12.34 with Visa •••• 4242, expires
 * 12/28" button above the card form. The server charges the order's stored price; a card the bank wants to
 * authenticate, or a decline, leaves the card form below with the reason.
 */
export function SavedCardChoices({ submissionId, payLabel }: { submissionId: string; payLabel: string }) {
  const cards = useSavedCards();
  const pay = usePayWithSavedCard();
  const onPaid = usePaymentSucceeded();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<string | null>(null);
  const keepClear = useToastKeepClearRef<HTMLUListElement>();

  if (!cards.data || cards.data.length === 0) return null;

  const payWith = (card: SavedCard) => {
    if (pay.isPending) return;
    setMessage(null);
    // mutateAsync, not mutate's callbacks: the live update of the order now paid can replace the checkout (and this
    // list) before the answer is handled, and a callback of an unmounted mutate never runs.
    pay.mutateAsync({ submissionId, cardId: card.id }).then(
      (answer) => {
        if (answer.status === 'succeeded') void onPaid();
        else setMessage(answer.message);
      },
      (error: unknown) => {
        setMessage((error instanceof ApiError ? error.serverMessage : undefined) ?? PAYMENT_FAILED_FALLBACK);
        // Paid meanwhile (another tab): the page then says so. A card removed meanwhile leaves the list.
        if (error instanceof ApiError && error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: queryKeys.submissions.detail(submissionId) });
        }
        if (error instanceof ApiError && error.status === 404) void cards.refetch();
      },
    );
  };

  return (
    <section aria-labelledby="saved-cards-title" className="mb-6 flex flex-col gap-3" data-testid="saved-cards">
      <h2 id="saved-cards-title" className="text-sm font-semibold text-slate-900">
        Pay with a saved card
      </h2>
      {message ? <FormAlert>{message}</FormAlert> : null}
      <ul ref={keepClear} className="flex flex-col gap-2">
        {cards.data.map((card) => (
          <li key={card.id}>
            {card.expired ? (
              <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
                {cardName(card)} expired {cardExpiry(card)}.{' '}
                <Link href="/settings" className="underline">
                  Remove it in Settings
                </Link>
              </p>
            ) : (
              <Button
                type="button"
                variant="accent"
                size="lg"
                className="h-auto min-h-12 w-full justify-start py-2 text-left whitespace-normal"
                disabled={pay.isPending}
                onClick={() => payWith(card)}
              >
                <CreditCard className="h-4 w-4 shrink-0" aria-hidden="true" />
                {pay.isPending && pay.variables?.cardId === card.id
                  ? 'Processing...'
                  : `${payLabel} with ${cardName(card)}, expires ${cardExpiry(card)}`}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <p className="flex items-center gap-3 text-xs text-slate-600">
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
        Or pay with a new card
        <span className="h-px flex-1 bg-slate-200" aria-hidden="true" />
      </p>
    </section>
  );
}
