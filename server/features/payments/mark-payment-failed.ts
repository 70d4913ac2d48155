import { and, eq, ne } from 'drizzle-orm';
import type { PaymentProvider } from '../../../shared/payment.schema';
import type { Executor } from '../../db/client';
import { paymentEvents, payments } from '../../db/schema';

export interface PaymentFailedEvent {
  provider: PaymentProvider;
  providerPaymentId: string;
  message: string;
  /** The provider's event id, when there is one: a repeated event is a no-op. */
  eventId?: string;
  eventType?: string;
}

/** Marks a payment attempt failed with the provider's message. A payment that already succeeded stays succeeded. */
export async function markPaymentFailed(db: Executor, event: PaymentFailedEvent): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (event.eventId) {
      const inserted = await tx
        .insert(paymentEvents)
        .values({ id: event.eventId, provider: event.provider, type: event.eventType ?? 'payment_intent.payment_failed' })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (inserted.length === 0) return false;
    }
    const updated = await tx
      .update(payments)
      .set({ status: 'failed', failureMessage: event.message.slice(0, 500), updatedAt: new Date() })
      .where(
        and(
          eq(payments.provider, event.provider),
          eq(payments.providerPaymentId, event.providerPaymentId),
          ne(payments.status, 'succeeded'),
        ),
      )
      .returning({ id: payments.id });
    return updated.length > 0;
  });
}
