/** What other features may use from the submissions feature (its pages load through the route table). */
export { CHECK_NOW_DRAFT_KEY, forgetSentDraft, readFormDraft } from './form-draft';
export { createSubmissionFromPending } from './api/create-from-pending';
export { SPLIT_MESSAGES } from './api/split-orders';
