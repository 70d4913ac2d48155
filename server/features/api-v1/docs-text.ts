import { API_KEY_PREFIX, WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '../../../shared/api-v1.schema';

/** How to verify a webhook, in TypeScript (Node) — the same code the docs page and the tests' reading of it show. */
export const VERIFY_TYPESCRIPT = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** rawBody: the request body exactly as received (bytes, not re-serialised JSON). */
export function verifyHumanProof(rawBody: string, header: string, secret: string, toleranceSeconds = ${WEBHOOK_TOLERANCE_SECONDS}): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${parts.t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

export const VERIFY_PYTHON = `import hashlib, hmac, time

def verify_humanproof(raw_body: bytes, header: str, secret: str, tolerance_seconds: int = ${WEBHOOK_TOLERANCE_SECONDS}) -> bool:
    parts = dict(p.split("=", 1) for p in header.split(","))
    t = parts.get("t", "")
    if not t.isdigit() or abs(time.time() - int(t)) > tolerance_seconds:
        return False
    expected = hmac.new(secret.encode(), t.encode() + b"." + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get("v1", ""))`;

/** The document's introduction (Markdown, shown at the top of /docs/api). */
export const API_DOCS_INTRO = `Send AI-generated drafts from your own pipeline and get human-reviewed text back.

## For AI agents and pipelines
Besides this reference: an MCP server for AI agents (\`POST /mcp\` on this site with the key as a Bearer token, or
\`humanproof mcp\` over stdio), the \`humanproof\` command line (\`humanproof submit draft.txt --tier polished --wait\`)
and a typed SDK generated from this document (\`@humanproof/sdk\`). The README's section "For AI agents and pipelines"
gives the MCP client configuration, a three-line SDK example and the command line's common uses.

## Authentication
Create a key in **Settings → API keys** (shown once, \`${API_KEY_PREFIX}…\`) and send it as \`Authorization: Bearer ${API_KEY_PREFIX}…\`.
A key has one or more scopes (\`orders:read\`, \`orders:write\`, \`style-guide:read\`, \`style-guide:write\`), an optional expiry, and its own rate limit
(\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` on every answer; 429 with \`Retry-After\` beyond it).
Cookies never authenticate the API, and keys never work on the website's own endpoints.

## Paying: prepaid credit
API orders are paid from credit bought in Settings (packs of £50, £200, £1,000) at the same price the order form
charges. \`POST /api/v1/quotes\` tells you the price first. With too little credit, \`POST /api/v1/orders\` answers 402
with \`shortfallPence\`. Cancelled or refunded API orders go back to credit.

## Retries: Idempotency-Key
Every \`POST /api/v1/orders\` carries an \`Idempotency-Key\` (a UUID per new order). Repeating it with the same body
answers the first result again; it never orders or charges twice. The same key with another body is a 422.

## House style
\`GET /api/v1/style-guide\` reads the house style the review team applies to your orders (your organisation's when
the key's account belongs to one, else the account's own): preferred and banned terms with their replacements, the
spelling variant, and free-text rules. \`PUT /api/v1/style-guide\` replaces all of it: send every term you want to
keep. Reviewers see a banned term, or a preferred term written another way, as a "House style" finding, and the
fact-check report counts the ones applied. An organisation's guide can be changed by its owners only (403 for a
member's key).

## Errors
Every error is an RFC 9457 problem (\`application/problem+json\`): \`type\`, \`title\`, \`status\`, \`detail\`, and
\`errors\` for invalid requests.

## Webhooks
Register HTTPS endpoints in Settings → Webhooks for the events ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(', ')}.
Each POST carries \`${WEBHOOK_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's secret>\`.
Verify it over the raw body, refuse timestamps older than ${WEBHOOK_TOLERANCE_SECONDS} seconds, and answer 2xx within 10 seconds.
Failed deliveries are retried with exponential backoff for 24 hours; after that the endpoint is disabled and you
get an e-mail. Each endpoint's delivery log shows every attempt and can resend one. Deliveries may arrive more than
once or out of order: use the event \`id\` to ignore repeats, and \`GET /api/v1/orders/{id}\` for the current state.
\`order.late\` follows the \`order.completed\` of a delivery made after its due time: its \`lateDelivery\` says what
our on-time guarantee refunded (\`refundPence\`: the fast-turnaround surcharge, else 20% of the price) and where
(\`refundTo\`: \`card\` or \`credit\`). It is sent once per order.

TypeScript (Node):

\`\`\`ts
${VERIFY_TYPESCRIPT}
\`\`\`

Python:

\`\`\`python
${VERIFY_PYTHON}
\`\`\`
`;
