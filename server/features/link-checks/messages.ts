import { WEBHOOK_MESSAGES } from '../../../shared/api-v1.schema';
import { LINK_CHECK_MESSAGES } from '../../../shared/link-checks.schema';

/** The webhooks' refusals (their address vetting, decision 036), in the link checks' own words. */
const FROM_VETTING = new Map<string, string>([
  [WEBHOOK_MESSAGES.privateAddress, LINK_CHECK_MESSAGES.privateAddress],
  [WEBHOOK_MESSAGES.url, LINK_CHECK_MESSAGES.notHttp],
  [WEBHOOK_MESSAGES.unresolvable, LINK_CHECK_MESSAGES.unresolvable],
]);

/** Refusals: the address itself may not be fetched, so neither a GET nor another attempt can change the answer. */
const REFUSALS = new Set<string>([LINK_CHECK_MESSAGES.privateAddress, LINK_CHECK_MESSAGES.notHttp, LINK_CHECK_MESSAGES.notAllowed]);

/** Why the vetting refused a link, for the workspace; a refusal it has no wording for here is still never a webhook's. */
export function vettingRefusal(webhookMessage: string): string {
  return FROM_VETTING.get(webhookMessage) ?? LINK_CHECK_MESSAGES.notAllowed;
}

export function isRefusal(error: string | null): boolean {
  return error !== null && REFUSALS.has(error);
}

/** A stored result's error as the workspace shows it: rows checked before the link checks had their own words. */
export function storedLinkError(error: string | null): string | null {
  return error === null ? null : (FROM_VETTING.get(error) ?? error);
}
