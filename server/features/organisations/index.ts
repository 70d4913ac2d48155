/** What other features use from the organisations feature (decision 043); its routes are registered in ../index.ts. */
export { membershipOf, type Membership, type OrganisationRole } from './membership';
export { handOverOrganisationOrders, onMemberLeft } from './organisations';
