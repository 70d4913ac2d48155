/** What other features may use from the submissions feature; its routes are registered in ../index.ts. */
export {
  documentsBySubmission,
  documentsColumn,
  getAccessibleSubmission,
  listOwnSubmissions,
  reviewDeskViewer,
  SUBMISSION_NOT_FOUND,
  toDocument,
  withDocuments,
  type OwnSubmissionsPage,
  type SubmissionDocumentRow,
} from './find-submissions';
export { canSeeReview, orderBasics, toSubmission } from './serialize';
export { insertSubmission } from './create-submission';
export { accountsThatCanSee, customerCanSee, customerOrderHalves, viewersOrganisation } from './customer-access';
export { refundedPenceOfOrder } from './refunded-pence';
