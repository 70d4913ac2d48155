/** What other features may use from the admin feature. */
export { lockSubmission, markReviewStarted, moveStatus } from './change-status';
export { openClaimCounts, releaseClaimsOf } from './order-claims';
export { dueSoonJob, sweepDueSoon } from './due-soon';
