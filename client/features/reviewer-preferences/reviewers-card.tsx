import { UserCheck } from 'lucide-react';
import { REVIEWER_PREFERENCE_LABELS, REVIEWER_PREFERENCE_MESSAGES, type ReviewerPreferenceItem } from '@shared/reviewer-preferences.schema';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { FormAlert } from '@client/components/ui/form-field';
import { IconCardHeader } from '@client/components/ui/icon-card-header';
import { ResourceList, ResourceRow } from '@client/components/ui/resource-list';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api';
import { useRemoveReviewerPreference, useReviewerPreferences } from './api/reviewer-preferences';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function details(item: ReviewerPreferenceItem, organisationName: string | null): string {
  const from = item.orderId ? `from order ${item.orderTitle ? `“${item.orderTitle}” (${item.orderId})` : item.orderId}` : 'from an order since deleted';
  const whose = item.scope === 'organisation' ? `For ${organisationName ?? 'your organisation'}, ` : '';
  return `${whose}${from}, ${dateOf(item.setAt)}`;
}

/**
 * Settings → Reviewers (issue 44 item 4, decision 074): the reviewers the customer, or their organisation, prefers
 * or blocks, by pseudonym, each with an Undo (an organisation's only for its owners). The row leaves the list at
 * once; a toast says it is done, or that it could not be and the row is back.
 */
export function ReviewersCard() {
  const list = useReviewerPreferences();
  const remove = useRemoveReviewerPreference();
  const undo = (item: ReviewerPreferenceItem) =>
    remove.mutate(item.id, {
      onSuccess: () => toast({ title: `${item.pseudonym}: no longer ${item.preference}`, description: REVIEWER_PREFERENCE_MESSAGES.cleared }),
      onError: (error) =>
        toast({
          title: 'Could not undo',
          description: (error instanceof ApiError ? error.serverMessage : undefined) ?? 'Please try again in a moment.',
          variant: 'destructive',
        }),
    });
  const data = list.data;
  return (
    <Card>
      <IconCardHeader
        icon={UserCheck}
        title="Reviewers"
        description="Reviewers you prefer or block, named as on your orders. A blocked reviewer never gets your orders; a preferred one is offered your new orders first."
      />
      <CardContent className="flex flex-col gap-3">
        {list.isError ? <FormAlert>Could not load your reviewers. Please try again in a moment.</FormAlert> : null}
        <ResourceList
          label="Reviewers you prefer or block"
          items={data?.items}
          isLoading={list.isPending}
          loadingText="Loading…"
          emptyText="None yet. Once a review is delivered, you can prefer or block its reviewer from the order."
        >
          {(item) => (
            <ResourceRow
              testId="reviewer-preference"
              title={item.pseudonym}
              badge={<Badge tone={item.preference === 'blocked' ? 'red' : 'green'}>{REVIEWER_PREFERENCE_LABELS[item.preference]}</Badge>}
              details={<span className="break-words">{details(item, data?.organisationName ?? null)}</span>}
              actions={
                item.canUndo ? (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => undo(item)}
                    disabled={remove.isPending && remove.variables === item.id}
                    aria-label={`Undo: ${item.pseudonym} ${item.preference}`}
                  >
                    Undo
                  </Button>
                ) : (
                  <span className="text-xs text-slate-600">Only your organisation’s owners can undo this</span>
                )
              }
            />
          )}
        </ResourceList>
      </CardContent>
    </Card>
  );
}
