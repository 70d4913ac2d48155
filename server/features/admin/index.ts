/** What other features may use from the admin feature. */
export { lockSubmission, markReviewStarted } from './change-status';
