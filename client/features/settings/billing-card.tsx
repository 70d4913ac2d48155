import { useState } from 'react';
import { Link } from 'wouter';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { cardExpiry, cardName, SAVED_CARD_MESSAGES, type SavedCard } from '@shared/saved-cards.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from '@client/components/ui/dialog';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { AddCardForm } from '@client/features/checkout';
import { useRemoveSavedCard, useSavedCards } from '@client/features/saved-cards';
import { LoadFailed } from '@client/components/ui/load-failed';

/** "Remove" and its confirmation: with Stripe the card is detached from the account's Stripe customer too. */
function RemoveCardDialog({ card }: { card: SavedCard }) {
  const [error, setError] = useState<string | null>(null);
  const remove = useRemoveSavedCard();
  const name = cardName(card);
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="outline" aria-label={`Remove ${name}`}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
        </Button>
      }
      title={`Remove ${name}?`}
      description="You will no longer be able to pay with this card in one click. You can save it again the next time you pay."
      error={error}
      confirmLabel="Remove card"
      busyLabel="Removing..."
      pending={remove.isPending}
      onOpenChange={() => setError(null)}
      onConfirm={(close) => {
        setError(null);
        remove.mutate(card.id, {
          onSuccess: () => {
            close();
            toast({ title: 'Card removed', description: `${name} is no longer saved.` });
          },
          onError: (err) => setError((err instanceof ApiError ? err.serverMessage : undefined) ?? SAVED_CARD_MESSAGES.removeFailed),
        });
      }}
    />
  );
}

/** "Add card": saved without a payment (Stripe: a SetupIntent), for the next order's one-click payment. */
function AddCardDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          <Plus className="h-4 w-4" aria-hidden="true" /> Add card
        </Button>
      </DialogTrigger>
      <DialogContent
        title="Add a card"
        description="Save a card to pay later orders in one click. Nothing is charged now; we keep only its type, last four digits and expiry date."
        className="max-w-lg"
      >
        <AddCardForm
          onAdded={(card) => {
            setOpen(false);
            toast({ title: 'Card saved', description: `${cardName(card)} is ready for your next order.` });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

/**
 * Settings → Billing (issue 27, decision 045), in place of the spec's static "Billing & Usage" card (same title):
 * the saved cards (brand, last four, expiry; nothing else is kept), each with Remove, and the link to the dashboard.
 */
export function BillingCard() {
  const cards = useSavedCards();
  return (
    <Card>
      <IconCardHeader icon={CreditCard} title="Billing & Usage" description="Cards you saved at checkout, for paying later orders in one click." />
      <CardContent className="flex flex-col gap-4">
        {cards.isError ? (
          <LoadFailed onRetry={() => void cards.refetch()}>Your saved cards could not be loaded.</LoadFailed>
        ) : (
          <ResourceList
            label="Saved cards"
            items={cards.data}
            isLoading={cards.isLoading}
            loadingText="Loading saved cards…"
            emptyText={SAVED_CARD_MESSAGES.empty}
          >
            {(card) => (
              <ResourceRow
                testId="saved-card"
                title={
                  <>
                    {cardName(card)} {card.expired ? <Badge tone="yellow">Expired</Badge> : null}
                  </>
                }
                details={`${card.expired ? 'Expired' : 'Expires'} ${cardExpiry(card)}`}
                actions={<RemoveCardDialog card={card} />}
              />
            )}
          </ResourceList>
        )}
        <p className="text-sm text-slate-700">
          Card payments are taken by our card payment provider. We keep only a saved card's type, last four digits and expiry date.
        </p>
        <div className="flex flex-wrap gap-2">
          <AddCardDialog />
          <Button asChild variant="outline">
            <Link href="/dashboard">View your submissions</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
