import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Links and citations of an order's text (issue 23): every URL and DOI, checked by a job once the order is paid.
// ---------------------------------------------------------------------------------------------

export const LINK_STATUSES = ['pending', 'live', 'redirected', 'broken', 'unreachable'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const LINK_STATUS_LABELS: Record<LinkStatus, string> = {
  pending: 'Not checked yet',
  live: 'Live',
  redirected: 'Redirected',
  broken: 'Broken',
  unreachable: 'Unreachable',
};

export const MAX_LINK_REDIRECTS = 5;
export const LINK_TIMEOUT_MS = 10_000;
export const LINK_ATTEMPTS = 3;
/** An order's links are checked within this time; a link still unanswered then is reported unreachable. */
export const LINK_CHECK_BUDGET_MS = 60_000;
/** Orders whose links one instance checks at the same time (one order with slow links holds up no other). */
export const LINK_CHECK_ORDERS_AT_ONCE = 4;

/**
 * Why a link was not fetched or has no answer, in the workspace's words (the vetting is the webhooks', decision 036,
 * but its messages speak of webhooks): the one place these texts are written.
 */
export const LINK_CHECK_MESSAGES = {
  privateAddress: 'Not checked: this link points to a private or local address',
  notHttp: 'Not checked: only http:// and https:// links without a user name or password are checked',
  notAllowed: 'Not checked: this link’s address may not be fetched',
  unresolvable: 'This link’s host name does not resolve',
  notCheckedInTime: 'No answer within the time allowed for this order’s links',
} as const;

export const linkCheckSchema = z.object({
  /** The link as written in the original text (a DOI as written), and its UTF-16 span there. */
  text: z.string(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** What was fetched: the URL, or https://doi.org/<doi> for a DOI. */
  url: z.string(),
  status: z.enum(LINK_STATUSES),
  /** The last HTTP status (broken: the error status). */
  httpStatus: z.number().int().nullable(),
  /** Where a redirected link ends. */
  finalUrl: z.string().nullable(),
  /** Why it is unreachable (timeout, refused address, DNS). */
  error: z.string().nullable(),
  /** Where the link is: the original text, or only the reviewer's saved draft (issue 42). */
  source: z.enum(['original', 'reviewed']).optional(),
  /** When this link was last checked (a re-check changes it); null or absent while it has not been. */
  checkedAt: z.string().nullable().optional(),
});
export type LinkCheck = z.infer<typeof linkCheckSchema>;

export const linkCheckListSchema = z.object({ links: z.array(linkCheckSchema), checkedAt: z.string().nullable() });

/** Links the reviewer re-checks at once (issue 42): none given, every link of the original and the saved draft. */
export const linkRecheckSchema = z.object({
  urls: z.array(z.string().trim().min(1).max(2_000)).max(50, 'At most 50 links are re-checked at once').optional(),
});
export type LinkRecheck = z.infer<typeof linkRecheckSchema>;

/** A re-check answers within this time; a link still unanswered then is reported unreachable. */
export const LINK_RECHECK_BUDGET_MS = 20_000;
/**
 * Re-checks of one order's links per minute, whoever asks (every press fetches other people's sites from our
 * servers): enough for a reviewer fixing links one by one, not a way to flood a site from here.
 */
export const LINK_RECHECKS_PER_ORDER_PER_MINUTE = 10;
export const LINK_RECHECK_MESSAGES = {
  notInText: 'That link is not in the original or the saved draft.',
  tooMany: 'These links were re-checked several times in the last minute. Wait a moment and try again.',
} as const;
