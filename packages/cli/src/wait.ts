import { setTimeout as sleep } from 'node:timers/promises';
import { HumanProofError, type HumanProof, type Order } from '../../sdk/src';
import { statusLabel } from '../../../shared/submission-status';
import type { Context } from './context';
import { failed } from './errors';

/** Statuses a review does not come back from on its own. */
const ENDED = new Set(['completed', 'cancelled']);
/** Answers worth waiting out (the key's rate limit, a busy site) rather than giving up. */
const TRANSIENT = new Set([0, 429, 502, 503, 504]);
const MAX_TRANSIENT_IN_A_ROW = 20;

/**
 * Waits for the review by polling GET /api/v1/orders/{id} politely: every HUMANPROOF_POLL_SECONDS (15 s by default,
 * eight requests a minute against the key's limit of 120), longer when the site says Retry-After. The live stream
 * (/api/live) is for signed-in browsers, not API keys, so polling is what a key can do. A progress line goes to
 * standard error: rewritten in place on a terminal, one line per change of status otherwise.
 */
export async function waitForReview(ctx: Context, hp: HumanProof, orderId: string): Promise<Order> {
  const started = Date.now();
  const tty = !!ctx.stderr.isTTY;
  let lastLine = '';
  let transient = 0;
  const progress = (order: Order) => {
    const waited = Math.round((Date.now() - started) / 1000);
    const due = order.dueDate ? `, due ${order.dueDate.replace('T', ' ').slice(0, 16)} UTC` : '';
    const line = `Waiting for the review of ${order.id}: ${statusLabel(order.status)}${due}`;
    if (tty) ctx.stderr.write(`\r\x1b[2K${line} (${waited}s)`);
    else if (line !== lastLine) ctx.stderr.write(`${line}\n`);
    lastLine = line;
  };
  try {
    for (;;) {
      let delaySeconds = ctx.config.pollSeconds;
      try {
        const order = await hp.getOrder(orderId);
        transient = 0;
        progress(order);
        if (ENDED.has(order.status)) {
          if (order.status !== 'completed') throw failed(`The order ${order.id} was ${statusLabel(order.status).toLowerCase()}: there will be no review.`);
          return order;
        }
      } catch (error) {
        if (!(error instanceof HumanProofError) || !TRANSIENT.has(error.status) || ++transient > MAX_TRANSIENT_IN_A_ROW) throw error;
        delaySeconds = Math.max(delaySeconds, error.retryAfterSeconds ?? 0);
        ctx.stderr.write(`${tty ? '\r\x1b[2K' : ''}${error.detail} Trying again in ${delaySeconds}s.\n`);
      }
      await sleep(delaySeconds * 1000);
    }
  } finally {
    if (tty && lastLine) ctx.stderr.write('\n');
  }
}
