import { z } from 'zod';
import { isoDateTimeSchema } from './api.schema';

export const LATE_REFUND_DESTINATIONS = ['card', 'credit', 'none'] as const;
export const LATE_REFUND_STATUSES = ['refunded', 'failed', 'nothing-paid'] as const;
export const LATE_REFUND_BASES = ['surcharge', 'percent'] as const;

/**
 * What a late delivery gave back under the on-time guarantee (decision 068), as the `order.late` webhook, the
 * order's event, the delivery e-mail and the dashboard tell it. `refundTo` "none": nothing was paid to return;
 * `refundStatus` "failed": the payment provider refused and the team refunds it by hand.
 */
export const lateDeliverySchema = z
  .object({
    dueAt: isoDateTimeSchema,
    deliveredAt: isoDateTimeSchema,
    refundPence: z.number().int().nonnegative(),
    basis: z.enum(LATE_REFUND_BASES),
    refundTo: z.enum(LATE_REFUND_DESTINATIONS),
    refundStatus: z.enum(LATE_REFUND_STATUSES),
  })
  .meta({ id: 'LateDelivery' });
export type LateDeliveryFacts = z.infer<typeof lateDeliverySchema>;
export type LateRefundDestination = LateDeliveryFacts['refundTo'];
export type LateRefundStatus = LateDeliveryFacts['refundStatus'];
export type LateRefundBasis = LateDeliveryFacts['basis'];
