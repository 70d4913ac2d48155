/** Reviewers the customer prefers or blocks (decision 074): the order's control beside the rating, and Settings → Reviewers. */
export { ReviewerPreferenceControl } from './reviewer-preference-control';
export { ReviewersCard } from './reviewers-card';
export { BlockedAssignmentNotes } from './blocked-assignment-notes';
