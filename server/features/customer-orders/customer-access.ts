import { sql, type Placeholder, type SQL } from 'drizzle-orm';

/**
 * THE rule of which orders a customer may see and act on (decision 047): an order without an organisation is its
 * placer's alone (as before organisations existed); an order of an organisation is every CURRENT member's (owner or
 * member), and no longer its placer's once they left. Everything that reads "a customer's orders" uses the SQL here.
 *
 * `viewer` is the customer's account id (a value or a prepared statement's placeholder); `alias` names the
 * submissions row when the query calls it something else (`s` in hand-written SQL).
 */

/**
 * The rule's two halves, each served by its own index: the account's own orders without an organisation
 * (submissions_own_created_idx) and its organisation's (submissions_org_created_idx; organisation_members_user_unique
 * finds the viewer's one organisation). The dashboard list reads them separately, in its order (find-orders.ts).
 */
export function customerOrderHalves(viewer: string | Placeholder, alias = 'submissions'): { own: SQL; organisation: SQL } {
  const column = (name: string) => sql.raw(`"${alias}"."${name}"`);
  return {
    own: sql`${column('organisation_id')} is null and ${column('user_id')} = ${viewer}`,
    organisation: sql`${column('organisation_id')} = (${viewersOrganisation(viewer)})`,
  };
}

/** The rule as one predicate over `submissions`: the order is `viewer`'s to see as a customer. */
export function customerCanSee(viewer: string | Placeholder, alias = 'submissions'): SQL {
  const { own, organisation } = customerOrderHalves(viewer, alias);
  return sql`((${own}) or ${organisation})`;
}

/**
 * The same rule read the other way, for one order (`alias` a submissions row): the ids of every account that may see
 * it, as a subquery: its placer for an order without an organisation, else every current member.
 */
export function accountsThatCanSee(alias: string): SQL {
  const column = (name: string) => sql.raw(`"${alias}"."${name}"`);
  return sql`select ${column('user_id')} where ${column('organisation_id')} is null
    union all
    select om.user_id from organisation_members om where om.organisation_id = ${column('organisation_id')}`;
}

/** The viewer's organisation as a scalar subquery (null for a lone account: then `= (…)` matches nothing). */
export function viewersOrganisation(viewer: string | Placeholder): SQL {
  return sql`select om.organisation_id from organisation_members om where om.user_id = ${viewer}`;
}
