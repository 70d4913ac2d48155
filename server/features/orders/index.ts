/**
 * What other features may use from the order lifecycle (decisions 029, 058). A leaf: it imports only db/, lib/ and
 * shared/; the features that react to a move register their consumers in server/features/index.ts.
 */
export { markOrderPaid } from './mark-paid';
export { orderEventType, recordOrderCreated, transition, type OrderActor } from './transition';
export { cancelUnstartedOrder, CANCEL_REASON } from './cancel';
export { reviseOrder } from './revision';
export { lockOrder, ORDER_NOT_FOUND } from './lock-order';
export type { OrderEvent, OrderEventConsumer, OrderLifecycle } from './order-events';
