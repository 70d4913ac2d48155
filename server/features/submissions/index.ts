/** What other features may use from the submissions feature. */
export * from './find-submissions';
export * from './serialize';
export { insertSubmission } from './create-submission';
export { accountsThatCanSee, customerCanSee, customerOrderHalves, viewersOrganisation } from './customer-access';
