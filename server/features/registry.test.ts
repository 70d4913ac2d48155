import { describe, expect, it } from 'vitest';
import { orderEventConsumers } from '.';
import { billingDocumentOrderEvents } from './billing-documents/order-events';
import { claimSuggestionOrderEvents } from './claim-suggestions/order-events';
import { linkCheckOrderEvents } from './link-checks/order-events';
import { liveUpdateOrderEvents } from './live-updates/order-events';
import { webhookOrderEvents } from './webhooks/order-events';

describe('the features registry (server/features/index.ts)', () => {
  it('lists the consumers of order events in the order they run, billing documents last (decision 058)', () => {
    // The e-mails' consumer is made with the delivered-diff reader, so it is a function of its own here.
    expect(orderEventConsumers).toEqual([
      webhookOrderEvents,
      expect.any(Function),
      claimSuggestionOrderEvents,
      linkCheckOrderEvents,
      liveUpdateOrderEvents,
      billingDocumentOrderEvents,
    ]);
  });
});
