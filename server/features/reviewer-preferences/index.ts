/** What other features may use from the reviewers a customer prefers or blocks (decision 074): the queue's conditions. */
export { assertNotBlocked, notBlockedFor, preferredFor, recordBlockedAssignment } from './queue-conditions';
