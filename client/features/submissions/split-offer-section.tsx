import { useMemo } from 'react';
import { splitIntoParts } from '@shared/split-text';
import { MAX_CONTENT_CHARACTERS, MAX_WORDS } from '@shared/submission-limits';
import { SplitOffer } from './split-offer';
import { useSplitOrders } from './use-split-orders';

type SplitOrdersInput = Parameters<typeof useSplitOrders>[0];

/**
 * The offer to split a text over the limit into orders under it (decision 069), with its parts worked out here: the
 * order form loads this module only for such a text, so its first load stays within its JavaScript budget.
 */
export default function SplitOfferSection({
  content,
  serviceTier,
  fast,
  vatRateBasisPoints,
  quoteHref,
  ...orders
}: Omit<SplitOrdersInput, 'parts'> & {
  content: string;
  serviceTier: string;
  fast: boolean;
  vatRateBasisPoints: Parameters<typeof SplitOffer>[0]['vatRateBasisPoints'];
  quoteHref: string;
}) {
  const parts = useMemo(() => splitIntoParts(content, MAX_WORDS, MAX_CONTENT_CHARACTERS), [content]);
  const { splitting, onSplit } = useSplitOrders({ ...orders, parts });
  if (parts.length < 2) return null;
  return (
    <SplitOffer
      parts={parts}
      serviceTier={serviceTier as Parameters<typeof SplitOffer>[0]['serviceTier']}
      fast={fast}
      vatRateBasisPoints={vatRateBasisPoints}
      pending={splitting}
      onSplit={onSplit}
      quoteHref={quoteHref}
    />
  );
}
