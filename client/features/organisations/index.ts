/** What other features may use from the organisations feature (its join page loads through the route table). */
export { OrganisationCard } from './organisation-card';
export { pendingOrganisationInvitationPath } from './pending-invitation';
