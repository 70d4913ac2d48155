/** What other features use from the organisations feature (decision 043); its routes are registered in ../index.ts. */
export {
  heldBy,
  holderColumn,
  holderKey,
  holderOf,
  holderOfOrder,
  membershipOf,
  type CustomerHolder,
  type Holder,
  type Membership,
  type OrganisationRole,
} from './membership';
export { handOverOrganisationOrders, onMemberLeft } from './organisations';
