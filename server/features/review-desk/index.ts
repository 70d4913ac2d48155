/** What other features may use from the review desk (the reviewers' queue, claims, saves and moves). */
export { markReviewStarted, moveStatus } from './change-status';
export { assertMayWorkOn, assignOrder, isActiveStaff, openClaimCounts, releaseClaimsOf } from './order-claims';
export { dueSoonJob, sweepDueSoon } from './due-soon';
