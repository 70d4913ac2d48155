/** What other features may use from the team feature (its pages load through the route table). */
export { pendingInvitationPath } from './pending-invitation';
