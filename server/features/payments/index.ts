/** What other features may use from the payments feature. */
export { createStripeClient, stripeProvider, type PaymentProviderContext, type StripeSettings } from './stripe-client';
export { deleteStripeCustomer, stripeCustomerOf } from './saved-cards';
export {
  ledgerCsv,
  orderMoney,
  refundedByOrder,
  refundGateway,
  refundOrder,
  type RefundGateway,
} from './refunds';
