/** What other features may use from the on-time guarantee (decision 068). */
export { lateDeliveryOf, lateRefundKey, settleLateDelivery } from './settle-late-delivery';
