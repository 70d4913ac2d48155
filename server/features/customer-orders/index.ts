/** What other features may use from the customer's orders (create, read, the revision): its routes are registered in ../index.ts. */
export {
  documentsByOrder,
  documentsColumn,
  getAccessibleOrder,
  listOwnOrders,
  reviewDeskViewer,
  toDocument,
  withDocuments,
  type OwnOrdersPage,
  type OrderDocumentRow,
} from './find-orders';
export { canSeeReview, orderBasics, toCustomerOrder } from './serialize';
export { insertOrder } from './create-order';
export { accountsThatCanSee, customerCanSee, customerOrderHalves, viewersOrganisation } from './customer-access';
export { refundedPenceOfOrder } from './refunded-pence';
