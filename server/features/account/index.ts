/** What other features may use from the account feature. */
export { retentionPurgeJob } from './retention-purge';
