/** What other features may use from the order lifecycle (decision 029). */
export { markOrderPaid } from './mark-paid';
export { orderEventType, recordOrderCreated, transition, type OrderActor } from './transition';
