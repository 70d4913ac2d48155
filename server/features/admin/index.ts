/** What other features may use from the admin feature. */
export { lockSubmission, markReviewStarted } from './change-status';
export { assertMayWorkOn, openClaimCounts, releaseClaimsOf } from './order-claims';
export { dueSoonJob, sweepDueSoon } from './due-soon';
