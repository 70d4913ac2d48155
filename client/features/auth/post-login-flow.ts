/**
 * After sign-in (spec section 4). The order-flow feature adds the pending-submission branch here;
 * until then every sign-in continues to the dashboard.
 */
export async function runPostLoginFlow(): Promise<string> {
  return '/dashboard';
}
